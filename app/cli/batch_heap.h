#pragma once
// The process heap of kelvin-cli, tuned for one run that builds a large model once and frees
// it at exit. By default glibc's malloc maps every block of some 128 kB to 32 MB with mmap and
// unmaps it when freed: a large model's compile frees and allocates hundreds of such vectors,
// and each new one is faulted in again page by page (the kernel clears every page first).
// Tuned, every block comes from the heap and freed memory stays there for the next one.
//
// A background thread also faults in the heap's fresh memory before the main thread reaches
// it (MADV_POPULATE_WRITE: the kernel maps and clears the pages without touching their
// contents, on 2 MB pages where it can), so the clearing runs on the second core, and exit
// frees a few hundred huge pages instead of some 10^5 small ones. Nothing waits for that
// thread: what it has not populated yet the main thread faults in itself, as before.
// Linux with glibc only; elsewhere, and under AddressSanitizer, the class does nothing.

#include <atomic>
#include <cstdint>
#include <memory>

namespace kelvin::cli {

class BatchHeap {
 public:
  /// Tunes malloc for the rest of the process, the heap's growth sized from the model file's
  /// `modelBytes`, and for a file of kPrefaultFrom bytes or more starts the prefaulting
  /// thread. Never throws.
  explicit BatchHeap(std::uintmax_t modelBytes);
  /// Tells the thread to stop, without waiting for it. Malloc stays tuned.
  ~BatchHeap();
  BatchHeap(const BatchHeap&) = delete;
  BatchHeap& operator=(const BatchHeap&) = delete;

  /// Smaller model files get no thread: the run takes a few milliseconds.
  static constexpr std::uintmax_t kPrefaultFrom = std::uintmax_t{64} << 10;
  /// The most the heap grows beyond what malloc asks (and so the most memory the thread
  /// populates that may stay unused).
  static constexpr std::uintmax_t kMaxPad = std::uintmax_t{128} << 20;

 private:
  /// Set to stop the thread; shared with it, so that it outlives this object if need be.
  std::shared_ptr<std::atomic<bool>> stop_;
};

}  // namespace kelvin::cli
