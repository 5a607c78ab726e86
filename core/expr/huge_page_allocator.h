#pragma once
// An allocator for the big arrays of an expression pool (its nodes, its hash table, the
// scratch of a walk): an array of some megabytes or more is placed on 2 MB boundaries and
// the kernel is asked to back it with huge pages (Linux transparent huge pages, madvise
// mode). Those arrays are read at random places (a hash probe, an operand): with 4 kB
// pages nearly every such read of a large model misses the TLB as well as the cache, and
// the page walk costs more than the miss. Smaller arrays, and other systems, are allocated
// as usual.

#include <cstddef>
#include <cstdlib>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace kelvin::core {

template <class T>
class HugePageAllocator {
 public:
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (!huge(bytes)) return static_cast<T*>(::operator new(bytes));
    void* p = std::aligned_alloc(kHugePage, rounded(bytes));
    if (!p) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    // A hint: without huge pages it works as before. Memory already faulted in is left alone:
    // the advice would only change how its pages are faulted in, and the call waits for the
    // address space's write lock, which a thread populating the heap meanwhile holds for up to
    // milliseconds (kelvin-cli's BatchHeap advises its heap itself).
    if (!resident(p, rounded(bytes))) madvise(p, rounded(bytes), MADV_HUGEPAGE);
#endif
    return static_cast<T*>(p);
  }

  void deallocate(T* p, std::size_t n) {
    if (huge(n * sizeof(T))) std::free(p);
    else ::operator delete(p);
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }

 private:
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;
  /// Arrays of at least this size go on huge pages (smaller ones would waste most of a page).
  static constexpr std::size_t kThreshold = kHugePage;
  static bool huge(std::size_t bytes) { return bytes >= kThreshold; }
  static std::size_t rounded(std::size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }
#ifdef MADV_HUGEPAGE
  /// True when the first and the last page of [p, p + bytes) are in memory (p on a page boundary).
  static bool resident(void* p, std::size_t bytes) {
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    unsigned char first = 0, last = 0;
    return mincore(p, 1, &first) == 0 && mincore(static_cast<char*>(p) + bytes - page, 1, &last) == 0 &&
           (first & last & 1) != 0;
  }
#endif
};

}  // namespace kelvin::core
