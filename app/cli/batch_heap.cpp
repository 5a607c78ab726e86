#include "cli/batch_heap.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <thread>

#include "cli/fast_exit.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#define KELVIN_BATCH_HEAP 1
#endif

namespace kelvin::cli {

#ifdef KELVIN_BATCH_HEAP

namespace {

constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;

/// The program break (the heap's end), asked of the kernel: glibc's copy belongs to the main thread.
std::uintptr_t programBreak() { return static_cast<std::uintptr_t>(syscall(SYS_brk, 0)); }

/// The thread's loop: whenever malloc has moved the program break, populates the heap from
/// `from` up to it, one 2 MB-aligned step at a time (one huge page, cleared in some 0.3-1.5 ms
/// on this VM), so that a brk() of the main thread, which waits for the address-space lock a
/// step holds, never waits long. Steps that are whole huge pages are asked for as such: the
/// kernel then clears and later frees one page instead of 512, and the model's random reads
/// miss the TLB less. Memory the main thread has reached first is left as it is.
void populate(std::shared_ptr<std::atomic<bool>> stop, std::uintptr_t from) {
  const std::uintptr_t page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  from &= ~(page - 1);
  // 0.5 ms while the heap grows (the main thread faults in at most ~0.3 MB meanwhile), doubled
  // up to 4 ms while it does not: a long integration, whose heap is built, is not woken 2,000
  // times a second, and a growth after a pause waits at most 4 ms.
  constexpr long kFastPoll = 500'000, kSlowPoll = 4'000'000;  // ns
  long pollNs = kFastPoll;
  while (!stop->load(std::memory_order_relaxed)) {
    const std::uintptr_t end = programBreak();
    if (end <= from) {
      from = std::min(from, end & ~(page - 1));  // the heap shrank (malloc_trim): follow it
      const timespec poll{0, pollNs};
      nanosleep(&poll, nullptr);
      pollNs = std::min(2 * pollNs, kSlowPoll);
      continue;
    }
    pollNs = kFastPoll;
    while (from < end && !stop->load(std::memory_order_relaxed)) {
      const std::uintptr_t next = std::min(end, (from + kHugePage) & ~(kHugePage - 1));
      void* step = reinterpret_cast<void*>(from);
      if (next - from == kHugePage) madvise(step, kHugePage, MADV_HUGEPAGE);
      // EINVAL: a kernel before 5.14, without MADV_POPULATE_WRITE. ENOMEM (the heap shrank
      // meanwhile) and EINTR only skip the step.
      if (madvise(step, next - from, MADV_POPULATE_WRITE) != 0 && errno == EINVAL) return;
      from = next;
    }
  }
}

}  // namespace

BatchHeap::BatchHeap(std::uintmax_t modelBytes) {
  if constexpr (kUnderAddressSanitizer) return;  // its own allocator: nothing to tune
  // Every block from the heap (no mmap), and the heap never given back.
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
  // Each growth of the heap takes this much more than asked: the room the thread fills ahead.
  // Four times the file is some 5 % of a ladder's peak memory (10,000 sections: 14 MB of 85).
  const std::uintmax_t pad = std::clamp<std::uintmax_t>(4 * modelBytes, std::uintmax_t{128} << 10, kMaxPad);
  mallopt(M_TOP_PAD, static_cast<int>(pad));
  if (modelBytes < kPrefaultFrom) return;
  // The thread starts with every signal blocked, so that SIGINT and SIGTERM (interrupt_cleanup.h)
  // and SIGPIPE reach the main thread, as before.
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  try {
    stop_ = std::make_shared<std::atomic<bool>>(false);
    std::thread(populate, stop_, programBreak()).detach();
  } catch (...) {
    stop_.reset();  // no thread: the main thread faults its memory in itself
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
}

BatchHeap::~BatchHeap() {
  if (stop_) stop_->store(true, std::memory_order_relaxed);
}

#else

BatchHeap::BatchHeap(std::uintmax_t) {}
BatchHeap::~BatchHeap() = default;

#endif

}  // namespace kelvin::cli
