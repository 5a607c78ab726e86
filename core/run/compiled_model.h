#pragma once
// A model made ready to run: its flat equation system and the compiled DAE.
// Immutable once made, so it can be shared between threads (each run owns
// its own state and workspaces).

#include <memory>
#include <string>
#include <vector>

#include "elaborate/flat_system.h"
#include "solve/dae_system.h"

namespace kelvin::core {

class CompiledModel {
 public:
  CompiledModel(FlatSystem flat, std::string file);

  const FlatSystem& flat() const { return flat_; }
  const DaeSystem& dae() const { return *dae_; }
  const std::string& file() const { return file_; }
  const std::vector<std::string>& signalNames() const { return signalNames_; }
  /// Names listed when the user asks for no particular signals.
  const std::vector<std::string>& defaultSignals() const { return defaultSignals_; }
  /// The run-time parameters (SimulationOptions::parameters sets them per run).
  const std::vector<FlatParameter>& parameters() const { return flat_.parameters; }
  /// Parameters asked for as run-time values that shape the equations: a new value needs a new compile.
  const std::vector<std::string>& structuralParameters() const { return flat_.structuralParameters; }

 private:
  FlatSystem flat_;
  std::unique_ptr<DaeSystem> dae_;
  std::string file_;
  std::vector<std::string> signalNames_, defaultSignals_;
};

}  // namespace kelvin::core
