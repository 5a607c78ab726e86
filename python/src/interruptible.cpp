#include "interruptible.h"

#include <chrono>
#include <exception>
#include <future>
#include <thread>

#include <pybind11/pybind11.h>

namespace kelvin::python {

void runInterruptibly(const std::function<void(const std::atomic<bool>* cancel)>& work) {
  std::atomic<bool> cancel{false};
  std::promise<void> done;
  std::future<void> finished = done.get_future();
  std::thread worker([&] {
    try {
      work(&cancel);
      done.set_value();
    } catch (...) {
      done.set_exception(std::current_exception());
    }
  });
  bool interrupted = false;
  {
    pybind11::gil_scoped_release release;
    while (finished.wait_for(std::chrono::milliseconds(kPollMs)) != std::future_status::ready) {
      pybind11::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        interrupted = true;
        cancel = true;
        pybind11::gil_scoped_release wait;
        finished.wait();
        break;
      }
    }
  }
  worker.join();
  if (interrupted) throw pybind11::error_already_set();
  finished.get();
}

}  // namespace kelvin::python
