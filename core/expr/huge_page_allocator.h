#pragma once
// An allocator for the big arrays of an expression pool (its nodes, its hash table, the
// scratch of a walk): an array of some megabytes or more is placed on 2 MB boundaries and
// the kernel is asked to back it with huge pages (Linux transparent huge pages, madvise
// mode). Those arrays are read at random places (a hash probe, an operand): with 4 kB
// pages nearly every such read of a large model misses the TLB as well as the cache, and
// the page walk costs more than the miss. Smaller arrays, and other systems, are allocated
// as usual.
//
// Memory malloc returns already faulted in is kept where it is: its pages are what they are,
// and advice would change only how pages are faulted in later. kelvin-cli's heap (BatchHeap)
// is such memory, faulted in on huge pages by a thread of its own: placing each array on a
// 2 MB boundary there left a hole of up to 2 MB before it (100,000 RC sections: 57 MB of holes,
// so the heap grew by another 128 MB), and each madvise waited for the address-space lock
// that thread holds while it populates (80-250 ms of the main thread).

#include <cstddef>
#include <cstdint>
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
    void* p = std::malloc(bytes);
    if (p && resident(p, bytes)) return static_cast<T*>(p);
    std::free(p);
    p = std::aligned_alloc(kHugePage, rounded(bytes));
    if (!p) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    madvise(p, rounded(bytes), MADV_HUGEPAGE);  // a hint: without huge pages it works as before
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

  /// True when the first and the last page of [p, p + bytes) are in memory; false where that
  /// cannot be told.
  static bool resident(void* p, std::size_t bytes) {
#ifdef __linux__
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const auto first = reinterpret_cast<std::uintptr_t>(p) & ~(page - 1);
    const auto last = (reinterpret_cast<std::uintptr_t>(p) + bytes - 1) & ~(page - 1);
    unsigned char firstIn = 0, lastIn = 0;
    return mincore(reinterpret_cast<void*>(first), 1, &firstIn) == 0 &&
           mincore(reinterpret_cast<void*>(last), 1, &lastIn) == 0 && (firstIn & lastIn & 1) != 0;
#else
    (void)p;
    (void)bytes;
    return false;
#endif
  }
};

}  // namespace kelvin::core
