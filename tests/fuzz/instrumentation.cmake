# WEFT_FUZZ=ON: every layer instrumented for libFuzzer's coverage, AddressSanitizer and
# UndefinedBehaviorSanitizer (any undefined behaviour stops the run), for a build directory of its own
# whose only products worth running are the fuzzers (tests/fuzz). clang only.
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                    -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)
