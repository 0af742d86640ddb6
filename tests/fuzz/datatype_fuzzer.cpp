// The datatype fuzzer. Each input is a small program of datatype constructors (from predefined types and
// from the types built before it); every type built is checked against the fuzzer's own model of it
// (datatype_model.hpp): size, bounds and true bounds, then packed, unpacked, sent to itself into a layout
// of the same signature and copied there in pieces through the on-node copy engine, each result
// compared byte by byte with the model's typemap. Invalid arguments must come back as MPI error
// classes, and exactly when the arguments are invalid.
//
// The calls need a rank of a running job: main runs a job of one rank, which runs the fuzzer.

#include <mpi.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <utility>
#include <vector>

#include "datatype_model.hpp"
#include "fuzz_driver.hpp"
#include "fuzz_failure.hpp"
#include "fuzz_input.hpp"
#include "mpi_api/handles.hpp"
#include "runtime/config.hpp"
#include "runtime/job.hpp"
#include "shm/typed_copy.hpp"

namespace {

using namespace weft::fuzz;

void require_success(int code, const char* call) {
  if (code == MPI_SUCCESS) return;
  char message[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, message, &length);
  fuzz_failure("%s failed on a valid type: %s", call, message);
}

struct fuzz_type {
  MPI_Datatype handle;
  model_type model;
};

const std::vector<fuzz_type>& predefined_types() {
  static const std::vector<fuzz_type> types = [] {
    auto basic = [](MPI_Datatype handle, std::size_t size, std::size_t alignment) {
      return fuzz_type{handle, model_basic(size, alignment, handle)};
    };
    const model_type index = model_basic(sizeof(int), alignof(int), MPI_INT);
    return std::vector<fuzz_type>{
        basic(MPI_BYTE, 1, 1),
        basic(MPI_CHAR, 1, 1),
        basic(MPI_SHORT, sizeof(short), alignof(short)),
        basic(MPI_INT, sizeof(int), alignof(int)),
        basic(MPI_DOUBLE, sizeof(double), alignof(double)),
        basic(MPI_LONG_DOUBLE, sizeof(long double), alignof(long double)),
        basic(MPI_C_DOUBLE_COMPLEX, 2 * sizeof(double), alignof(double)),
        {MPI_DOUBLE_INT, model_pair(model_basic(sizeof(double), alignof(double), MPI_DOUBLE), index)},
        {MPI_SHORT_INT, model_pair(model_basic(sizeof(short), alignof(short), MPI_SHORT), index)},
        {MPI_2INT, model_pair(index, index)},
    };
  }();
  return types;
}

// Memory for `count` elements of a type whose data lies in [low, high) from the buffer's origin.
class arena {
 public:
  arena(std::ptrdiff_t low, std::ptrdiff_t high, std::uint8_t fill)
      : low_(low), bytes_(static_cast<std::size_t>(high - low), fill) {}
  void* origin() noexcept { return bytes_.data() - low_; }
  std::uint8_t& at(std::ptrdiff_t offset) noexcept { return bytes_[static_cast<std::size_t>(offset - low_)]; }
  std::vector<std::uint8_t>& bytes() noexcept { return bytes_; }

 private:
  std::ptrdiff_t low_;
  std::vector<std::uint8_t> bytes_;
};

// The basic elements of `count` consecutive elements, in signature order.
std::vector<typemap_entry> stream_of(const model_type& model, int count) {
  std::vector<typemap_entry> stream;
  for (int k = 0; k < count; ++k)
    for (typemap_entry e : model.map) {
      e.offset += k * model.extent();
      stream.push_back(e);
    }
  return stream;
}

// Where the data of a stream lies: [first, second).
std::pair<std::ptrdiff_t, std::ptrdiff_t> bounds_of(const std::vector<typemap_entry>& stream) {
  std::ptrdiff_t low = stream.front().offset, high = low;
  for (const typemap_entry& e : stream) {
    low = std::min(low, e.offset);
    high = std::max(high, e.offset + static_cast<std::ptrdiff_t>(e.size));
  }
  return {low, high};
}

bool overlapping(std::vector<typemap_entry> stream) {
  std::sort(stream.begin(), stream.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
  for (std::size_t i = 1; i < stream.size(); ++i)
    if (stream[i - 1].offset + static_cast<std::ptrdiff_t>(stream[i - 1].size) > stream[i].offset) return true;
  return false;
}

// The data of `stream` in `memory`, in signature order: what packing it gives.
std::vector<std::uint8_t> gathered(arena& memory, const std::vector<typemap_entry>& stream) {
  std::vector<std::uint8_t> data;
  for (const typemap_entry& e : stream)
    for (std::size_t b = 0; b < e.size; ++b) data.push_back(memory.at(e.offset + static_cast<std::ptrdiff_t>(b)));
  return data;
}

// What `memory`, filled with `fill`, holds once `data` is unpacked into `stream`.
std::vector<std::uint8_t> scattered(std::vector<std::uint8_t> memory_before, std::ptrdiff_t low,
                                    const std::vector<typemap_entry>& stream, const std::vector<std::uint8_t>& data) {
  std::size_t next = 0;
  for (const typemap_entry& e : stream)
    for (std::size_t b = 0; b < e.size; ++b)
      memory_before[static_cast<std::size_t>(e.offset + static_cast<std::ptrdiff_t>(b) - low)] = data[next++];
  return memory_before;
}

void check_equal(const char* what, const std::vector<std::uint8_t>& got, const std::vector<std::uint8_t>& expected) {
  if (got.size() != expected.size()) fuzz_failure("%s: %zu bytes instead of %zu", what, got.size(), expected.size());
  auto mismatch = std::mismatch(got.begin(), got.end(), expected.begin());
  if (mismatch.first != got.end())
    fuzz_failure("%s: byte %td is %u instead of %u", what, mismatch.first - got.begin(), *mismatch.first,
                 *mismatch.second);
}

// Arenas larger than this are not worth the time of a fuzzing run.
constexpr std::ptrdiff_t max_arena_bytes = std::ptrdiff_t{1} << 20;

class datatype_program {
 public:
  explicit datatype_program(fuzz_input& input) : input_(input) {}
  ~datatype_program() {
    for (fuzz_type& made : made_) MPI_Type_free(&made.handle);
  }
  datatype_program(const datatype_program&) = delete;
  datatype_program& operator=(const datatype_program&) = delete;

  void run() {
    for (int step = 0; step < max_steps && !input_.empty(); ++step) construct();
  }

 private:
  static constexpr int max_steps = 12;

  // A count, length or displacement: mostly small, now and then any int.
  int argument(int low, int high) {
    std::uint8_t choice = input_.byte();
    if (choice >= 0xf8) return input_.any_int();
    return low + choice % (high - low + 1);
  }

  // How many entries an array argument has: small, so that the arrays stay small; -1 now and then.
  int array_count() { return input_.between(-1, 6); }

  const fuzz_type& old_type() {
    const auto& predefined = predefined_types();
    std::size_t choice = input_.below(static_cast<unsigned>(predefined.size() + made_.size()));
    return choice < predefined.size() ? predefined[choice] : made_[choice - predefined.size()];
  }

  // Blocks of `lengths[i]` consecutive elements of `old` at `displacements[i]` units of `unit` bytes.
  static model_type model_blocks(const model_type& old, const std::vector<int>& lengths,
                                 const std::vector<long long>& displacements, wide_offset unit, bool pads = false) {
    return model_blocks_of({&old}, lengths, displacements, unit, pads);
  }

  // The same with block i of `olds[i]` (of the last one when there are fewer).
  static model_type model_blocks_of(const std::vector<const model_type*>& olds, const std::vector<int>& lengths,
                                    const std::vector<long long>& displacements, wide_offset unit, bool pads) {
    model_builder builder(pads);
    std::size_t elements = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
      const model_type& old = *olds[std::min(i, olds.size() - 1)];
      elements += static_cast<std::size_t>(lengths[i]);
      if (elements > max_model_entries || !old.known) {
        builder.give_up();
        break;
      }
      for (int j = 0; j < lengths[i]; ++j) builder.add(old, displacements[i] * unit + wide_offset{j} * old.extent());
    }
    return builder.finish();
  }

  void construct() {
    MPI_Datatype made = MPI_DATATYPE_NULL;
    switch (input_.below(12)) {
      case 0: {
        int count = argument(0, 4);
        const fuzz_type& old = old_type();
        int code = MPI_Type_contiguous(count, old.handle, &made);
        return finish("MPI_Type_contiguous", code, made, count >= 0,
                      [&] { return model_blocks(old.model, {count}, {0}, 0); });
      }
      case 1:
      case 2: {
        bool in_bytes = input_.byte() & 1;
        int count = argument(0, 4), blocklength = argument(0, 3), stride = argument(-8, 24);
        const fuzz_type& old = old_type();
        int code = in_bytes ? MPI_Type_create_hvector(count, blocklength, stride, old.handle, &made)
                            : MPI_Type_vector(count, blocklength, stride, old.handle, &made);
        return finish(in_bytes ? "MPI_Type_create_hvector" : "MPI_Type_vector", code, made,
                      count >= 0 && blocklength >= 0, [&] {
                        std::vector<int> lengths(static_cast<std::size_t>(std::min<int>(count, max_model_entries + 1)),
                                                 blocklength);
                        std::vector<long long> displacements;
                        for (std::size_t i = 0; i < lengths.size(); ++i)
                          displacements.push_back(static_cast<long long>(i) * stride);
                        return model_blocks(old.model, lengths, displacements, in_bytes ? 1 : old.model.extent());
                      });
      }
      case 3:
      case 4:
      case 5:
      case 6:
        return construct_indexed();
      case 7:
        return construct_struct();
      case 8:
        return construct_subarray();
      case 9:
        return construct_darray();
      case 10: {
        const fuzz_type& old = old_type();
        int lb = argument(-16, 16), extent = argument(-8, 64);
        int code = MPI_Type_create_resized(old.handle, lb, extent, &made);
        return finish("MPI_Type_create_resized", code, made, true,
                      [&] { return model_resized(old.model, lb, extent); });
      }
      default: {
        const fuzz_type& old = old_type();
        int code = MPI_Type_dup(old.handle, &made);
        return finish("MPI_Type_dup", code, made, true, [&] { return old.model; });
      }
    }
  }

  // indexed, hindexed, indexed_block, hindexed_block.
  void construct_indexed() {
    int kind = input_.below(4);
    bool in_bytes = kind & 1, one_length = kind & 2;
    int count = array_count();
    std::size_t n = static_cast<std::size_t>(std::max(count, 0));
    int blocklength = argument(0, 3);
    std::vector<int> lengths(n, blocklength), displacements(n);
    std::vector<MPI_Aint> byte_displacements(n);
    for (std::size_t i = 0; i < n; ++i) {
      if (!one_length) lengths[i] = argument(-1, 3);
      displacements[i] = argument(-4, 16);
      byte_displacements[i] = displacements[i];
    }
    const fuzz_type& old = old_type();
    MPI_Datatype made = MPI_DATATYPE_NULL;
    int code;
    const char* call;
    if (one_length) {
      call = in_bytes ? "MPI_Type_create_hindexed_block" : "MPI_Type_create_indexed_block";
      code = in_bytes ? MPI_Type_create_hindexed_block(count, blocklength, byte_displacements.data(), old.handle, &made)
                      : MPI_Type_create_indexed_block(count, blocklength, displacements.data(), old.handle, &made);
    } else {
      call = in_bytes ? "MPI_Type_create_hindexed" : "MPI_Type_indexed";
      code = in_bytes ? MPI_Type_create_hindexed(count, lengths.data(), byte_displacements.data(), old.handle, &made)
                      : MPI_Type_indexed(count, lengths.data(), displacements.data(), old.handle, &made);
    }
    bool valid = count >= 0 && std::all_of(lengths.begin(), lengths.end(), [](int l) { return l >= 0; }) &&
                 (!one_length || blocklength >= 0);
    finish(call, code, made, valid, [&] {
      return model_blocks(old.model, lengths, {displacements.begin(), displacements.end()},
                          in_bytes ? 1 : old.model.extent());
    });
  }

  void construct_struct() {
    int count = array_count();
    std::size_t n = static_cast<std::size_t>(std::max(count, 0));
    std::vector<int> lengths(n);
    std::vector<MPI_Aint> displacements(n);
    std::vector<MPI_Datatype> types(n);
    std::vector<const model_type*> models(n);
    bool valid = count >= 0;
    for (std::size_t i = 0; i < n; ++i) {
      lengths[i] = argument(-1, 3);
      displacements[i] = argument(-8, 48);
      bool null_type = input_.byte() == 0xff;
      const fuzz_type& old = old_type();
      types[i] = null_type ? MPI_DATATYPE_NULL : old.handle;
      models[i] = &old.model;
      valid = valid && lengths[i] >= 0 && !null_type;
    }
    MPI_Datatype made = MPI_DATATYPE_NULL;
    int code = MPI_Type_create_struct(count, lengths.data(), displacements.data(), types.data(), &made);
    finish("MPI_Type_create_struct", code, made, valid,
           [&] { return model_blocks_of(models, lengths, {displacements.begin(), displacements.end()}, 1, true); });
  }

  int order() {
    switch (input_.below(8)) {
      case 0:
        return input_.any_int();
      case 1:
      case 2:
      case 3:
        return MPI_ORDER_FORTRAN;
      default:
        return MPI_ORDER_C;
    }
  }

  void construct_subarray() {
    int ndims = input_.between(0, 3);
    std::vector<int> sizes(ndims), subsizes(ndims), starts(ndims);
    std::vector<std::vector<int>> selected(ndims);
    bool valid = ndims > 0;
    for (int d = 0; d < ndims; ++d) {
      sizes[d] = argument(1, 6);
      subsizes[d] = argument(0, 4);
      starts[d] = argument(0, 3);
      valid = valid && sizes[d] > 0 && subsizes[d] >= 0 && subsizes[d] <= sizes[d] && starts[d] >= 0 &&
              starts[d] <= sizes[d] - subsizes[d];
      for (int i = 0; valid && i < std::min(subsizes[d], 4097); ++i) selected[d].push_back(starts[d] + i);
    }
    int array_order = order();
    valid = valid && (array_order == MPI_ORDER_C || array_order == MPI_ORDER_FORTRAN);
    const fuzz_type& old = old_type();
    MPI_Datatype made = MPI_DATATYPE_NULL;
    int code =
        MPI_Type_create_subarray(ndims, sizes.data(), subsizes.data(), starts.data(), array_order, old.handle, &made);
    finish("MPI_Type_create_subarray", code, made, valid,
           [&] { return array_model(sizes, selected, array_order, old); });
  }

  static model_type array_model(const std::vector<int>& sizes, const std::vector<std::vector<int>>& selected,
                                int array_order, const fuzz_type& old) {
    if (!old.model.known) return model_unknown();
    return model_array_part(sizes, selected, array_order, old.model).value_or(model_unknown());
  }

  int distribution() {
    switch (input_.below(8)) {
      case 0:
        return input_.any_int();
      case 1:
      case 2:
        return MPI_DISTRIBUTE_NONE;
      case 3:
      case 4:
        return MPI_DISTRIBUTE_CYCLIC;
      default:
        return MPI_DISTRIBUTE_BLOCK;
    }
  }

  // The indices of a dimension of `gsize` that process coordinate `c` of `psize` holds (MPI-3.1, 4.1.4).
  static std::vector<int> distributed(int distrib, int darg, int gsize, int psize, int c) {
    std::vector<int> indices;
    if (distrib == MPI_DISTRIBUTE_NONE) {
      for (int i = 0; i < gsize; ++i) indices.push_back(i);
    } else if (distrib == MPI_DISTRIBUTE_BLOCK) {
      long long block = darg == MPI_DISTRIBUTE_DFLT_DARG ? (gsize + psize - 1LL) / psize : darg;
      for (long long i = c * block; i < std::min<long long>((c + 1) * block, gsize); ++i)
        indices.push_back(static_cast<int>(i));
    } else {
      long long block = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg;
      for (int i = 0; i < gsize; ++i)
        if (i / block % psize == c) indices.push_back(i);
    }
    return indices;
  }

  void construct_darray() {
    int size = argument(1, 4), rank = argument(0, 3), ndims = input_.between(0, 3);
    std::vector<int> gsizes(ndims), distribs(ndims), dargs(ndims), psizes(ndims);
    bool valid = ndims > 0 && size > 0 && rank >= 0 && rank < size;
    long long processes = 1;
    for (int d = 0; d < ndims; ++d) {
      gsizes[d] = argument(1, 6);
      distribs[d] = distribution();
      dargs[d] = input_.below(2) == 0 ? MPI_DISTRIBUTE_DFLT_DARG : argument(0, 3);
      psizes[d] = argument(1, 3);
      bool known_distribution = distribs[d] == MPI_DISTRIBUTE_NONE || distribs[d] == MPI_DISTRIBUTE_BLOCK ||
                                distribs[d] == MPI_DISTRIBUTE_CYCLIC;
      valid = valid && gsizes[d] > 0 && psizes[d] > 0 && known_distribution &&
              (dargs[d] == MPI_DISTRIBUTE_DFLT_DARG || dargs[d] > 0) &&
              (distribs[d] != MPI_DISTRIBUTE_BLOCK || dargs[d] == MPI_DISTRIBUTE_DFLT_DARG ||
               static_cast<long long>(dargs[d]) * psizes[d] >= gsizes[d]);
      if (valid) processes = std::min(processes * psizes[d], 1LL << 32);
    }
    valid = valid && processes == size;
    int array_order = order();
    valid = valid && (array_order == MPI_ORDER_C || array_order == MPI_ORDER_FORTRAN);
    const fuzz_type& old = old_type();
    MPI_Datatype made = MPI_DATATYPE_NULL;
    int code = MPI_Type_create_darray(size, rank, ndims, gsizes.data(), distribs.data(), dargs.data(), psizes.data(),
                                      array_order, old.handle, &made);
    finish("MPI_Type_create_darray", code, made, valid, [&] {
      // The process grid is in row-major order whatever the array's order.
      std::vector<std::vector<int>> selected(ndims);
      long long elements = 1;
      for (int d = ndims - 1, rest = rank; d >= 0; --d) {
        if (elements > static_cast<long long>(max_model_entries) || gsizes[d] > 1 << 20) return model_unknown();
        selected[d] = distributed(distribs[d], dargs[d], gsizes[d], psizes[d], rest % psizes[d]);
        elements *= static_cast<long long>(selected[d].size());
        rest /= psizes[d];
      }
      return array_model(gsizes, selected, array_order, old);
    });
  }

  // Checks the outcome of a constructor against the arguments' validity, then the type built.
  template <class Model>
  void finish(const char* call, int code, MPI_Datatype made, bool valid, Model&& model) {
    if (code != MPI_SUCCESS) {
      int error_class = -1;
      if (MPI_Error_class(code, &error_class) != MPI_SUCCESS || error_class <= MPI_SUCCESS ||
          error_class > MPI_ERR_LASTCODE)
        fuzz_failure("%s returned %d, not an MPI error code", call, code);
      // A type whose bounds or size MPI_Aint cannot hold is refused (MPI_ERR_ARG); such a type is never
      // one the model lists, so a refusal of valid arguments is checked on the types it lists.
      if (valid && (error_class != MPI_ERR_ARG || model().known))
        fuzz_failure("%s refused valid arguments (error class %d)", call, error_class);
      return;
    }
    if (!valid) fuzz_failure("%s accepted invalid arguments", call);
    require_success(MPI_Type_commit(&made), "MPI_Type_commit");
    made_.push_back({made, model()});
    check_type(made_.back());
  }

  void check_type(const fuzz_type& type) {
    int size = 0;
    MPI_Count size_x = 0;
    MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
    require_success(MPI_Type_size(type.handle, &size), "MPI_Type_size");
    require_success(MPI_Type_size_x(type.handle, &size_x), "MPI_Type_size_x");
    require_success(MPI_Type_get_extent(type.handle, &lb, &extent), "MPI_Type_get_extent");
    require_success(MPI_Type_get_true_extent(type.handle, &true_lb, &true_extent), "MPI_Type_get_true_extent");
    const model_type& model = type.model;
    if (!model.known) return;
    auto bytes = static_cast<MPI_Count>(model.size());
    if (size_x != bytes || size != (bytes > INT32_MAX ? MPI_UNDEFINED : static_cast<int>(bytes)))
      fuzz_failure("MPI_Type_size gives %d (_x: %lld), the typemap %lld", size, static_cast<long long>(size_x),
                   static_cast<long long>(bytes));
    if (lb != model.lb || extent != model.extent())
      fuzz_failure("MPI_Type_get_extent gives lb %td extent %td, the typemap %td and %td", lb, extent, model.lb,
                   model.extent());
    if (true_lb != model.true_lb() || true_extent != model.true_ub() - model.true_lb())
      fuzz_failure("MPI_Type_get_true_extent gives %td and %td, the typemap %td and %td", true_lb, true_extent,
                   model.true_lb(), model.true_ub() - model.true_lb());
    check_copies(type);
  }

  // Packs, unpacks and copies `count` elements of the type, and compares every byte with the typemap's.
  void check_copies(const fuzz_type& type) {
    const int count = input_.between(1, 3);
    const std::vector<typemap_entry> stream = stream_of(type.model, count);
    if (stream.empty()) return;
    auto [low, high] = bounds_of(stream);
    if (high - low > max_arena_bytes) return;

    arena source(low, high, 0);
    for (std::size_t i = 0; i < source.bytes().size(); ++i) source.bytes()[i] = static_cast<std::uint8_t>(i * 7 + 1);
    const std::vector<std::uint8_t> packed = gathered(source, stream);

    // Pack, then unpack into the same layout.
    std::vector<std::uint8_t> buffer(packed.size());
    int position = 0;
    require_success(MPI_Pack(source.origin(), count, type.handle, buffer.data(), static_cast<int>(buffer.size()),
                             &position, MPI_COMM_SELF),
                    "MPI_Pack");
    check_equal("MPI_Pack", buffer, packed);
    // Unpacking into overlapping elements is erroneous (MPI-3.1, 4.1.11): checked only without overlaps.
    const bool receivable = !overlapping(stream);
    arena unpacked(low, high, 0xa5);
    const std::vector<std::uint8_t> expected = scattered(unpacked.bytes(), low, stream, packed);
    if (receivable) {
      position = 0;
      require_success(MPI_Unpack(buffer.data(), static_cast<int>(buffer.size()), &position, unpacked.origin(), count,
                                 type.handle, MPI_COMM_SELF),
                      "MPI_Unpack");
      check_equal("MPI_Unpack", unpacked.bytes(), expected);
    }
    check_other_layout(type, count, stream, source, receivable ? &expected : nullptr);
  }

  // The same signature in another layout: every basic element alone, in reverse order, apart by a gap.
  void check_other_layout(const fuzz_type& type, int count, const std::vector<typemap_entry>& stream, arena& source,
                          const std::vector<std::uint8_t>* expected_back) {
    const std::ptrdiff_t gap = input_.between(0, 3);
    std::vector<int> ones(stream.size(), 1);
    std::vector<MPI_Aint> displacements(stream.size());
    std::vector<MPI_Datatype> basics(stream.size());
    std::vector<typemap_entry> other_stream(stream.size());
    std::ptrdiff_t end = 0;
    for (std::size_t i = stream.size(); i-- > 0;) {
      displacements[i] = end;
      basics[i] = stream[i].basic;
      other_stream[i] = {end, stream[i].size, stream[i].alignment, stream[i].basic};
      end += static_cast<std::ptrdiff_t>(stream[i].size) + gap;
    }
    MPI_Datatype other = MPI_DATATYPE_NULL;
    require_success(MPI_Type_create_struct(static_cast<int>(stream.size()), ones.data(), displacements.data(),
                                           basics.data(), &other),
                    "MPI_Type_create_struct");
    require_success(MPI_Type_commit(&other), "MPI_Type_commit");

    const std::vector<std::uint8_t> packed = gathered(source, stream);
    arena received(0, end, 0x5a);
    const std::vector<std::uint8_t> expected = scattered(received.bytes(), 0, other_stream, packed);
    require_success(MPI_Sendrecv(source.origin(), count, type.handle, 0, 0, received.origin(), 1, other, 0, 0,
                                 MPI_COMM_SELF, MPI_STATUS_IGNORE),
                    "MPI_Sendrecv");
    check_equal("MPI_Sendrecv into another layout", received.bytes(), expected);

    // The copy engine in pieces, as protocols stage a long message: from data byte `done` on, `step` at a time.
    arena copied(0, end, 0x5a);
    const auto total = packed.size();
    const std::size_t step = 1 + input_.below(static_cast<unsigned>(std::min<std::size_t>(total, 64)));
    weft::shm::typed_span to{static_cast<std::byte*>(copied.origin()), other->layout.get(), 1};
    weft::shm::const_typed_span from{static_cast<const std::byte*>(source.origin()), type.handle->layout.get(),
                                     static_cast<std::size_t>(count)};
    for (std::size_t done = 0; done < total; done += step)
      weft::shm::typed_copy(to, from, done, std::min(step, total - done));
    check_equal("typed_copy in pieces", copied.bytes(), expected);

    if (expected_back != nullptr) {
      auto [low, high] = bounds_of(stream);
      arena back(low, high, 0xa5);
      require_success(MPI_Sendrecv(received.origin(), 1, other, 0, 0, back.origin(), count, type.handle, 0, 0,
                                   MPI_COMM_SELF, MPI_STATUS_IGNORE),
                      "MPI_Sendrecv");
      check_equal("MPI_Sendrecv back from the other layout", back.bytes(), *expected_back);
    }
    MPI_Type_free(&other);
  }

  fuzz_input& input_;
  std::vector<fuzz_type> made_;
};

int run_program(const std::uint8_t* data, std::size_t size) {
  fuzz_input input({data, size});
  datatype_program(input).run();
  return 0;
}

int fuzz_rank(int argc, char** argv) {
  // Weft reports a rank's fault itself and ends the job; libFuzzer must handle it instead, to save the
  // input. It installs its handlers only where there are none.
  for (int fault : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(fault, SIG_DFL);
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  int status = run_fuzz_target(&argc, &argv, run_program);
  MPI_Finalize();
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  weft::runtime::config settings = weft::runtime::job_config();
  settings.nranks = 1;
  settings.workers = 1;
  return weft::runtime::job(settings, fuzz_rank, argc, argv).run();
}
