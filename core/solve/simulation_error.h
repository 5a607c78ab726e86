#pragma once
// A failure while solving (initialisation or integration): says when, which
// block's equation failed, and what the user can do about it.

#include "model/diagnostic.h"

namespace kelvin::core {

class SimulationError : public ModelError {
 public:
  SimulationError(double time, Diagnostic diagnostic) : ModelError(std::move(diagnostic)), time_(time) {}
  double time() const { return time_; }

 private:
  double time_;
};

}  // namespace kelvin::core
