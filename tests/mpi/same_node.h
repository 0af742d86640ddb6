/* Whether two world ranks run in the same node process, for tests whose checks differ across nodes. */
#ifndef WEFT_TESTS_SAME_NODE_H
#define WEFT_TESTS_SAME_NODE_H

#include <mpi.h>

/* Whether world rank `other` runs on the calling rank's node. Collective over MPI_COMM_WORLD. */
static int shares_node_with(int other) {
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Group world_group, node_group;
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  MPI_Comm_group(node, &node_group);
  int there;
  MPI_Group_translate_ranks(world_group, 1, &other, node_group, &there);
  MPI_Group_free(&world_group);
  MPI_Group_free(&node_group);
  MPI_Comm_free(&node);
  return there != MPI_UNDEFINED;
}

#endif
