// Every unit number of a Fortran I/O statement goes through the rank's table (mpi_api/fortran/units.cpp),
// so that unit 10 of one rank is not unit 10 of another: linked with -Wl,--wrap of flang's I/O entry points
// that name a unit, and of INQUIRE's integer answers, whose NUMBER= comes back as the program's number.
// Only programs with Fortran I/O reference these names, so only they pull this in.

#include <flang/Runtime/extensions.h>
#include <flang/Runtime/io-api.h>

#include <cstdint>
#include <cstring>

using Fortran::runtime::Descriptor;
using Fortran::runtime::io::Cookie;
using Fortran::runtime::io::ExternalUnit;
using Fortran::runtime::io::InquiryKeywordHash;

extern "C" int weft_fortran_process_unit(int unit);
extern "C" int weft_fortran_program_unit(int process_unit);

namespace {

int mapped(ExternalUnit unit) { return weft_fortran_process_unit(unit); }

}  // namespace

// The statements on a unit: (unit, source file, line).
#define WEFT_WRAP_UNIT_STATEMENT(name)                                                                      \
  extern "C" Cookie __real__FortranAio##name(ExternalUnit, const char*, int);                               \
  extern "C" Cookie __wrap__FortranAio##name(ExternalUnit unit, const char* source_file, int source_line) { \
    return __real__FortranAio##name(mapped(unit), source_file, source_line);                                \
  }
WEFT_WRAP_UNIT_STATEMENT(BeginExternalListOutput)
WEFT_WRAP_UNIT_STATEMENT(BeginExternalListInput)
WEFT_WRAP_UNIT_STATEMENT(BeginUnformattedOutput)
WEFT_WRAP_UNIT_STATEMENT(BeginUnformattedInput)
WEFT_WRAP_UNIT_STATEMENT(BeginWaitAll)
WEFT_WRAP_UNIT_STATEMENT(BeginClose)
WEFT_WRAP_UNIT_STATEMENT(BeginFlush)
WEFT_WRAP_UNIT_STATEMENT(BeginBackspace)
WEFT_WRAP_UNIT_STATEMENT(BeginEndfile)
WEFT_WRAP_UNIT_STATEMENT(BeginRewind)
WEFT_WRAP_UNIT_STATEMENT(BeginOpenUnit)
WEFT_WRAP_UNIT_STATEMENT(BeginInquireUnit)
#undef WEFT_WRAP_UNIT_STATEMENT

// Formatted transfers: (format, its length, format descriptor, unit, source file, line).
#define WEFT_WRAP_FORMATTED_STATEMENT(name)                                                                          \
  extern "C" Cookie __real__FortranAio##name(const char*, std::size_t, const Descriptor*, ExternalUnit, const char*, \
                                             int);                                                                   \
  extern "C" Cookie __wrap__FortranAio##name(const char* format, std::size_t length, const Descriptor* descriptor,   \
                                             ExternalUnit unit, const char* source_file, int source_line) {          \
    return __real__FortranAio##name(format, length, descriptor, mapped(unit), source_file, source_line);             \
  }
WEFT_WRAP_FORMATTED_STATEMENT(BeginExternalFormattedOutput)
WEFT_WRAP_FORMATTED_STATEMENT(BeginExternalFormattedInput)
#undef WEFT_WRAP_FORMATTED_STATEMENT

extern "C" Cookie __real__FortranAioBeginWait(ExternalUnit, int, const char*, int);
extern "C" Cookie __wrap__FortranAioBeginWait(ExternalUnit unit, int id, const char* source_file, int source_line) {
  return __real__FortranAioBeginWait(mapped(unit), id, source_file, source_line);
}

// INQUIRE(NUMBER=) answers the process's number: the program gets its own back, in the kind it asked for
// (the runtime stores `kind` bytes at the address).
template <class Integer>
void to_program_unit(void* place) {
  Integer unit;
  std::memcpy(&unit, place, sizeof unit);
  unit = static_cast<Integer>(weft_fortran_program_unit(static_cast<int>(unit)));
  std::memcpy(place, &unit, sizeof unit);
}

extern "C" bool __real__FortranAioInquireInteger64(Cookie, InquiryKeywordHash, std::int64_t&, int);
extern "C" bool __wrap__FortranAioInquireInteger64(Cookie cookie, InquiryKeywordHash keyword, std::int64_t& result,
                                                   int kind) {
  bool answered = __real__FortranAioInquireInteger64(cookie, keyword, result, kind);
  if (!answered || keyword != Fortran::runtime::io::HashInquiryKeyword("NUMBER")) return answered;
  switch (kind) {
    case 1:
      to_program_unit<std::int8_t>(&result);
      break;
    case 2:
      to_program_unit<std::int16_t>(&result);
      break;
    case 4:
      to_program_unit<std::int32_t>(&result);
      break;
    default:
      to_program_unit<std::int64_t>(&result);
      break;
  }
  return answered;
}

// CALL FLUSH(unit), flang's extension.
extern "C" void __real_flush_(const int& unit);
extern "C" void __wrap_flush_(const int& unit) {
  const int process_unit = mapped(unit);
  __real_flush_(process_unit);
}
