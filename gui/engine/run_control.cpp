#include "engine/run_control.h"

namespace kelvin::gui {

void RunControl::pause() {
  std::lock_guard lock(mutex_);
  paused_ = true;
}

void RunControl::resume() {
  {
    std::lock_guard lock(mutex_);
    paused_ = false;
  }
  wake_.notify_all();
}

void RunControl::step() {
  {
    std::lock_guard lock(mutex_);
    if (!paused_) return;
    stepGranted_ = true;
  }
  wake_.notify_all();
}

void RunControl::cancel() {
  {
    std::lock_guard lock(mutex_);
    cancelled_ = true;
  }
  wake_.notify_all();
}

bool RunControl::isPaused() const {
  std::lock_guard lock(mutex_);
  return paused_;
}

bool RunControl::pauseRequested() const {
  std::lock_guard lock(mutex_);
  return paused_ && !cancelled_;
}

void RunControl::waitWhilePaused() {
  std::unique_lock lock(mutex_);
  wake_.wait(lock, [this] { return !paused_ || stepGranted_ || cancelled_; });
  stepGranted_ = false;
}

}  // namespace kelvin::gui
