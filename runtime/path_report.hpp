#pragma once
// WEFT_PROTO_INFO: which path an operation took (the protocol of a message, the algorithm of a collective)
// and why, told once per distinct choice, so that tuning a code or reading a benchmark needs no reading of
// the source. Off, a call site costs the test of one flag, behind [[unlikely]]:
//
//   if (runtime::reporting_paths()) [[unlikely]]
//     runtime::report_path("point-to-point", "send", "ring", "%zu B <= WEFT_INLINE_MAX %zu", size, max);

namespace weft::runtime {

namespace detail {
extern bool paths_reported;
}

inline bool reporting_paths() noexcept { return detail::paths_reported; }

// Called once, before any rank runs.
void enable_path_reports(bool on) noexcept;

// Prints "weft: path: <layer> <operation>: <choice> (<reason>; rank R)" on stderr the first time this node
// process meets (layer, operation, choice); later meetings print nothing, whatever their reason.
[[gnu::format(printf, 4, 5)]] void report_path(const char* layer, const char* operation, const char* choice,
                                               const char* reason_format, ...);

}  // namespace weft::runtime
