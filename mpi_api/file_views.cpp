// File views and file pointers (MPI-3.1, 13.3 and 13.4.3-4): what part of the file a member sees, and
// where its individual and the shared file pointer stand, in etypes of the view.

#include <cstring>

#include "io/file_view.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/file_checks.hpp"
#include "mpi_api/file_pointers.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

namespace {

int check_view_types(const char* call, MPI_File file, MPI_Datatype etype, MPI_Datatype filetype) {
  if (int error = check_committed(call, file, etype)) return error;
  if (int error = check_committed(call, file, filetype)) return error;
  const auto& e = *etype->layout;
  const auto& f = *filetype->layout;
  if (e.size() == 0) return raise_error(file, MPI_ERR_TYPE, call, "the etype %s has no data", display_name(etype));
  // A filetype without data is allowed (a rank holding no block of a darray); transfers of data through
  // it are refused.
  if (f.size() % e.size() != 0)
    return raise_error(file, MPI_ERR_TYPE, call,
                       "the filetype %s is not made of etypes %s (%zu bytes of data, not a "
                       "multiple of %zu)",
                       display_name(filetype), display_name(etype), f.size(), e.size());
  // MPI requires the displacements of both to be non-negative and monotonically non-decreasing; a file
  // opened read-only may have overlapping ones, and overlapping tiles. MPI_ERR_IO, as ROMIO reports these.
  const bool read_only = (file->amode & MPI_MODE_RDONLY) != 0;
  for (MPI_Datatype type : {etype, filetype}) {
    weft::io::data_order order = weft::io::order_of_data(*type->layout);
    if (order == weft::io::data_order::falling)
      return raise_error(file, MPI_ERR_IO, call, "the %s %s has data at negative or decreasing displacements",
                         type == etype ? "etype" : "filetype", display_name(type));
    if (order == weft::io::data_order::overlapping && !read_only)
      return raise_error(file, MPI_ERR_IO, call,
                         "the %s %s has overlapping data, which only a file opened "
                         "MPI_MODE_RDONLY may have",
                         type == etype ? "etype" : "filetype", display_name(type));
  }
  if (!read_only && f.size() > 0 && f.true_extent() > f.extent())
    return raise_error(file, MPI_ERR_IO, call,
                       "the filetype %s tiles the file with overlapping copies (true extent "
                       "%td beyond its extent %td), which only a file opened MPI_MODE_RDONLY may have",
                       display_name(filetype), f.true_extent(), f.extent());
  return MPI_SUCCESS;
}

// Where a seek with `whence` puts a pointer now at `current`; -1 when before the view's start.
MPI_Offset seek_target(MPI_File file, MPI_Offset current, MPI_Offset offset, int whence, int& error) {
  error = 0;
  if (whence == MPI_SEEK_SET) return offset;
  if (whence == MPI_SEEK_CUR) return current + offset;
  weft::io::posix_file::size_result size = file->shared->file.size();
  error = size.error;
  return static_cast<MPI_Offset>(file->view.stream_before(size.size) / file->etype_file_bytes) + offset;
}

int check_whence(const char* call, MPI_File file, int whence) {
  if (whence == MPI_SEEK_SET || whence == MPI_SEEK_CUR || whence == MPI_SEEK_END) return MPI_SUCCESS;
  return raise_error(file, MPI_ERR_ARG, call, "whence %d is not MPI_SEEK_SET, MPI_SEEK_CUR or MPI_SEEK_END", whence);
}

// MPI_File_get_type_extent and its large-count form.
template <class Extent>
int type_extent(const char* call, MPI_File fh, MPI_Datatype datatype, Extent* extent) {
  if (int error = check_file(call, fh)) return error;
  if (int error = check_datatype(call, fh, datatype)) return error;
  if (int error = check_output(call, fh, extent, "extent")) return error;
  int error = MPI_SUCCESS;
  *extent = file_extent(fh->representation, datatype, error);
  if (error != MPI_SUCCESS)
    return raise_error(fh, MPI_ERR_CONVERSION, call, "the extent function of \"%s\" returned %d for %s",
                       fh->datarep.c_str(), error, display_name(datatype));
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(File_set_view)
extern "C" int PMPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
                                  const char* datarep, MPI_Info info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (fh->split) [[unlikely]]
    return raise_error(fh, MPI_ERR_OTHER, call, "%s is still under way (the _end call is missing)", fh->split->call);
  finish_transfers(fh);  // they move data through the view
  if (disp == MPI_DISPLACEMENT_CURRENT) {
    if ((fh->amode & MPI_MODE_SEQUENTIAL) == 0)
      return raise_error(fh, MPI_ERR_ARG, call, "MPI_DISPLACEMENT_CURRENT needs a file opened MPI_MODE_SEQUENTIAL");
    disp = static_cast<MPI_Offset>(
        fh->view.file_offset_of(static_cast<std::uint64_t>(shared_pointer(fh)) * fh->etype_file_bytes));
  } else if (disp < 0) {
    return raise_error(fh, MPI_ERR_ARG, call, "negative displacement %lld", static_cast<long long>(disp));
  }
  if (int error = check_view_types(call, fh, etype, filetype)) return error;
  if (int error = check_output(call, fh, datarep, "datarep")) return error;
  file_representation representation;
  if (!find_representation(datarep, representation))
    return raise_error(fh, MPI_ERR_UNSUPPORTED_DATAREP, call,
                       "data representation \"%s\" is none of native, internal, external32 and those registered "
                       "with MPI_Register_datarep",
                       datarep);
  std::size_t etype_file_bytes = etype->layout->size();
  // In a converting representation the view lays out the converted data: as the filetype does when every
  // basic element keeps its size in the file (one basic type, of the same size there: a vector of ints in
  // external32), or densely, each etype at its size in the file, for a predefined etype whose filetype is
  // etypes without holes. Other views are refused.
  bool keeps_layout = false;
  if (representation.converts()) {
    int error = MPI_SUCCESS;
    MPI_Datatype basic = filetype->basic_type;
    if (basic != nullptr && etype->basic_type == basic) {
      MPI_Aint extent = file_extent(representation, basic, error);
      keeps_layout = error == MPI_SUCCESS && extent == static_cast<MPI_Aint>(basic->layout->size());
    }
    const auto& f = *filetype->layout;
    bool dense = etype->is_predefined() && f.is_contiguous() && f.true_lb() == 0 &&
                 f.extent() == static_cast<std::ptrdiff_t>(f.size());
    if (!keeps_layout && !dense)
      return raise_error(fh, MPI_ERR_UNSUPPORTED_DATAREP, call,
                         "data representation \"%s\" with etype %s and filetype %s: Weft converts views whose "
                         "basic elements keep their size in the file, or of a predefined etype whose filetype is "
                         "etypes without holes (other views need \"native\")",
                         datarep, display_name(etype), display_name(filetype));
    if (!keeps_layout) {
      MPI_Aint extent = file_extent(representation, etype, error);
      if (error != MPI_SUCCESS || extent <= 0)
        return raise_error(fh, MPI_ERR_CONVERSION, call,
                           "the extent function of \"%s\" gave %td for etype %s (error %d)", datarep, extent,
                           display_name(etype), error);
      etype_file_bytes = static_cast<std::size_t>(extent);
    }
  }
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, fh, info, "info")) return error;
  release(fh->etype);
  release(fh->filetype);
  fh->etype = retain(etype);
  fh->filetype = retain(filetype);
  const auto& tile = *filetype->layout;
  bool rising = weft::io::order_of_data(tile) == weft::io::data_order::rising &&
                (tile.size() == 0 || tile.true_extent() <= tile.extent());
  const bool dense_conversion = representation.converts() && !keeps_layout;
  fh->view = {static_cast<std::uint64_t>(disp), dense_conversion ? MPI_BYTE->layout : filetype->layout,
              rising || dense_conversion};
  fh->datarep = datarep;
  fh->representation = representation;
  fh->etype_file_bytes = etype_file_bytes;
  fh->position = 0;
  set_shared_pointer(fh, 0);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_get_view)
extern "C" int PMPI_File_get_view(MPI_File fh, MPI_Offset* disp, MPI_Datatype* etype, MPI_Datatype* filetype,
                                  char* datarep) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (int error = check_output(call, fh, disp, "disp")) return error;
  if (int error = check_output(call, fh, etype, "etype")) return error;
  if (int error = check_output(call, fh, filetype, "filetype")) return error;
  if (int error = check_output(call, fh, datarep, "datarep")) return error;
  *disp = static_cast<MPI_Offset>(fh->view.displacement);
  // Derived types come back as new references, which the program frees (MPI-3.1, 13.3).
  *etype = fh->etype->is_predefined() ? fh->etype : retain(fh->etype);
  *filetype = fh->filetype->is_predefined() ? fh->filetype : retain(fh->filetype);
  std::strcpy(datarep, fh->datarep.c_str());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_get_type_extent)
extern "C" int PMPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint* extent) {
  const call_guard guard(WEFT_CALL_NAME);
  return type_extent(WEFT_CALL_NAME, fh, datatype, extent);
}

WEFT_PMPI_ALIAS(File_get_type_extent_c)
extern "C" int PMPI_File_get_type_extent_c(MPI_File fh, MPI_Datatype datatype, MPI_Count* extent) {
  const call_guard guard(WEFT_CALL_NAME);
  return type_extent(WEFT_CALL_NAME, fh, datatype, extent);
}

WEFT_PMPI_ALIAS(File_get_byte_offset)
extern "C" int PMPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset* disp) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (offset < 0) return raise_error(fh, MPI_ERR_ARG, call, "negative offset %lld", static_cast<long long>(offset));
  if (int error = check_output(call, fh, disp, "disp")) return error;
  *disp = static_cast<MPI_Offset>(fh->view.file_offset_of(static_cast<std::uint64_t>(offset) * fh->etype_file_bytes));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_seek)
extern "C" int PMPI_File_seek(MPI_File fh, MPI_Offset offset, int whence) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if ((fh->amode & MPI_MODE_SEQUENTIAL) != 0)
    return raise_error(fh, MPI_ERR_UNSUPPORTED_OPERATION, call, "%s was opened MPI_MODE_SEQUENTIAL", fh->path.c_str());
  if (int error = check_whence(call, fh, whence)) return error;
  int error = 0;
  MPI_Offset target = seek_target(fh, fh->position, offset, whence, error);
  if (error != 0) return raise_io_error(fh, call, error, "cannot read the size of", fh->path);
  if (target < 0)
    return raise_error(fh, MPI_ERR_ARG, call, "the seek would put the pointer at %lld, before the view",
                       static_cast<long long>(target));
  fh->position = target;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_get_position)
extern "C" int PMPI_File_get_position(MPI_File fh, MPI_Offset* offset) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (int error = check_output(call, fh, offset, "offset")) return error;
  *offset = fh->position;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_seek_shared)
extern "C" int PMPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (int error = check_whence(call, fh, whence)) return error;
  int error = 0;
  MPI_Offset target = seek_target(fh, shared_pointer(fh), offset, whence, error);
  if (error != 0) return raise_io_error(fh, call, error, "cannot read the size of", fh->path);
  if (target < 0)
    return raise_error(fh, MPI_ERR_ARG, call, "the seek would put the pointer at %lld, before the view",
                       static_cast<long long>(target));
  set_shared_pointer(fh, target);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_get_position_shared)
extern "C" int PMPI_File_get_position_shared(MPI_File fh, MPI_Offset* offset) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (int error = check_output(call, fh, offset, "offset")) return error;
  *offset = shared_pointer(fh);
  return MPI_SUCCESS;
}
