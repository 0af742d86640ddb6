/* Preloaded into the test suite's Slurm daemons (local_cluster.sh): makes them listen on the loopback
 * interface only. Slurm 22.05 binds its listening sockets to the wildcard address whatever SlurmctldHost
 * and NodeAddr say, so this turns a bind() to the IPv4 or IPv6 wildcard into one to 127.0.0.1 or ::1.
 * Every other bind() goes through unchanged. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

typedef int bind_function(int, const struct sockaddr*, socklen_t);

int bind(int fd, const struct sockaddr* address, socklen_t length) {
  static bind_function* next_bind;
  if (!next_bind) next_bind = (bind_function*)dlsym(RTLD_NEXT, "bind");
  if (address && address->sa_family == AF_INET && length >= sizeof(struct sockaddr_in)) {
    struct sockaddr_in loopback;
    memcpy(&loopback, address, sizeof loopback);
    if (loopback.sin_addr.s_addr == htonl(INADDR_ANY)) {
      loopback.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      return next_bind(fd, (const struct sockaddr*)&loopback, sizeof loopback);
    }
  } else if (address && address->sa_family == AF_INET6 && length >= sizeof(struct sockaddr_in6)) {
    struct sockaddr_in6 loopback;
    memcpy(&loopback, address, sizeof loopback);
    if (memcmp(&loopback.sin6_addr, &in6addr_any, sizeof in6addr_any) == 0) {
      loopback.sin6_addr = in6addr_loopback;
      return next_bind(fd, (const struct sockaddr*)&loopback, sizeof loopback);
    }
  }
  return next_bind(fd, address, length);
}
