#pragma once
// Runs engine work off the Python thread's lock: the work runs on a thread of its
// own while the calling thread, without the GIL (other Python threads go on), wakes
// every kPollMs to let Python check for signals. A KeyboardInterrupt (Ctrl+C) sets
// the work's cancel flag, waits for it to stop (within one solver step) and is
// raised; an exception of the work is rethrown on the calling thread.

#include <atomic>
#include <functional>

namespace kelvin::python {

inline constexpr int kPollMs = 50;

/// Precondition: the caller holds the GIL. Throws pybind11::error_already_set on an
/// interrupt, or whatever `work` threw.
void runInterruptibly(const std::function<void(const std::atomic<bool>* cancel)>& work);

}  // namespace kelvin::python
