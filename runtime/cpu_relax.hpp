#pragma once
// Tells the CPU we are in a spin-wait (saves power, frees the sibling hyperthread).

namespace weft::runtime {

inline void cpu_relax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield" ::: "memory");
#endif
}

}  // namespace weft::runtime
