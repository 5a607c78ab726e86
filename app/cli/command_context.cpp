#include "cli/command_context.h"

#include "library.h"
#include "model/diagnostic.h"
#include "model/model_file.h"
#include "model/model_validator.h"

namespace kelvin::cli {

CommandContext::CommandContext(std::ostream& out, std::ostream& err) : out_(out), err_(err) {
  blocks::registerAll(registry_);
}

core::Model CommandContext::loadValidModel(const std::string& path) const {
  core::Model model = core::loadModel(path);
  std::vector<core::Diagnostic> diagnostics = core::validateModel(model, registry_, path);
  if (!diagnostics.empty()) throw core::ModelError(std::move(diagnostics));
  return model;
}

}  // namespace kelvin::cli
