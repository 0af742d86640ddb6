#pragma once
// The life of a request: whether its operation is complete, waiting for it, and what its completion
// reports. Completion frees a request, or makes a persistent one inactive.

#include <mpi.h>

#include "mpi_api/handles.hpp"

namespace weft::mpi {

bool is_complete(const weft_request_s& request) noexcept;

// Waits until the operation of `request` is complete; while it waits, the rank's wait site names `call`
// and the operation (wait_sites.hpp).
void wait_for(weft_request_s& request, const char* call);

// Fills `status` for the complete operation of `request` and returns its error (delivered to the handler).
int outcome(weft_request_s& request, MPI_Status* status, const char* call);

// Completes `*handle`: outcome(), then the request is freed and *handle set to MPI_REQUEST_NULL, or, if
// persistent, made inactive.
int retire(MPI_Request* handle, MPI_Status* status, const char* call);

// Frees a complete request; returns what a generalized request's free callback returned.
int free_complete(weft_request_s* request);

// MPI_Request_free: the request goes now if its operation is complete (or it is an inactive persistent
// one), else once it is, at a later call of this rank (at the latest in MPI_Finalize).
void release_when_complete(weft_request_s* request);

// Waits for and frees the requests released before their operations completed (in `call`).
void complete_orphans(const char* call);

// Whether `request` is MPI_REQUEST_NULL or an inactive persistent request: completion calls skip it.
bool is_inactive(MPI_Request request) noexcept;

// The status of an inactive request: empty.
void empty_status(MPI_Status* status) noexcept;

}  // namespace weft::mpi
