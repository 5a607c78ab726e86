#pragma once
// The control channel between the GUI thread and a simulation worker (the
// "feedback object" of QGIS's processing framework): the GUI asks to pause,
// resume, step one output sample or cancel; the worker polls it after each
// sample and blocks inside its sample callback while paused. Cancelling also
// wakes a paused worker. Thread-safe; no call of the GUI side ever blocks.

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace kelvin::gui {

class RunControl {
 public:
  // GUI side.
  void pause();
  void resume();
  /// While paused: let the worker produce one more output sample, then pause again.
  void step();
  void cancel();
  bool isPaused() const;

  // Worker side.
  /// The flag core::simulate polls every step; valid while this object lives.
  const std::atomic<bool>* cancelFlag() const { return &cancelled_; }
  bool isCancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  /// True when the worker should halt at the sample it has just produced.
  bool pauseRequested() const;
  /// Blocks the calling (worker) thread until resume(), step() or cancel().
  void waitWhilePaused();

 private:
  std::atomic<bool> cancelled_{false};
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool paused_ = false;
  bool stepGranted_ = false;
};

}  // namespace kelvin::gui
