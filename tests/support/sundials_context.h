#pragma once
// A SUNDIALS context for as long as a test object lives: the vectors of its tests are made in it.

#include <stdexcept>

#include <sundials/sundials_context.h>

class SundialsContext {
 public:
  SundialsContext() {
    if (SUNContext_Create(nullptr, &context_) != 0) throw std::runtime_error("SUNContext_Create failed");
  }
  ~SundialsContext() { SUNContext_Free(&context_); }
  SundialsContext(const SundialsContext&) = delete;
  SundialsContext& operator=(const SundialsContext&) = delete;

  operator SUNContext() const { return context_; }

 private:
  SUNContext context_ = nullptr;
};
