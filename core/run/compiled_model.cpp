#include "run/compiled_model.h"

namespace kelvin::core {

CompiledModel::CompiledModel(FlatSystem flat, std::string file)
    : flat_(std::move(flat)), dae_(std::make_unique<DaeSystem>(flat_)), file_(std::move(file)) {
  for (const FlatSignal& s : flat_.signals) {
    signalNames_.push_back(s.name);
    if (s.listedByDefault) defaultSignals_.push_back(s.name);
  }
}

}  // namespace kelvin::core
