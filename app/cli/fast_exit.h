#pragma once
// Ending kelvin-cli once a command's outputs are complete, without tearing down its data: the
// destructors of a large model's structures free millions of blocks one by one (some 0.1 s at
// 100,000 sections) for memory the kernel reclaims at exit anyway.

namespace kelvin::cli {

/// Whether this build runs under AddressSanitizer, whose checks need the normal teardown and
/// its own allocator.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
inline constexpr bool kUnderAddressSanitizer = __has_feature(address_sanitizer);
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif

/// Flushes std::cout, std::cerr, C's streams and the log, then ends the process with `code`
/// without running any destructor or exit handler. For a command's success path only, after
/// every output file has been committed and its stream checked. Built with AddressSanitizer it
/// returns instead, so that the normal teardown is still checked for leaks and stray accesses.
void exitWithoutTeardown(int code);

}  // namespace kelvin::cli
