#include "cli/command_context.h"

#include "library.h"
#include "model/diagnostic.h"
#include "model/model_file.h"
#include "model/model_validator.h"

namespace kelvin::cli {

CommandContext::CommandContext(std::ostream& out, std::ostream& err) : out_(out), err_(err) {
  blocks::registerAll(registry_);
}

core::Model CommandContext::loadValidModel(const std::string& path, bool notes) const {
  core::Model model = core::loadModel(path);
  const std::vector<core::Diagnostic> diagnostics = core::validateModel(model, registry_, path);
  if (core::hasErrors(diagnostics)) throw core::ModelError(core::errorsOf(diagnostics));
  report(diagnostics, notes);
  return model;
}

void CommandContext::report(const std::vector<core::Diagnostic>& diagnostics, bool notes) const {
  for (const core::Diagnostic& d : diagnostics)
    if (d.severity == core::Severity::Warning || (notes && d.severity == core::Severity::Info))
      err_ << core::severityName(d.severity) << ": " << d.toString() << '\n';
}

}  // namespace kelvin::cli
