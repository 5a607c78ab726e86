#pragma once
// What every command may use: the component library, the output streams, and
// loading a model that has passed validation.

#include <iosfwd>
#include <string>
#include <vector>

#include "elaborate/block_registry.h"
#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::cli {

class CommandContext {
 public:
  /// `out` and `err` must outlive the context. Fills the registry with the
  /// whole component library.
  CommandContext(std::ostream& out, std::ostream& err);

  const core::BlockRegistry& registry() const { return registry_; }
  std::ostream& out() const { return out_; }
  std::ostream& err() const { return err_; }

  /// Loads the model at `path` and validates it against the library; prints
  /// the warnings to err() as `warning: file:block.port: message`, and the
  /// information too when `notes` is set (free ends, as `info: ...`). Throws
  /// core::ModelError with every error when either step fails.
  core::Model loadValidModel(const std::string& path, bool notes = false) const;
  /// Prints the warnings among `diagnostics` to err(), and the information too when `notes` is set.
  void report(const std::vector<core::Diagnostic>& diagnostics, bool notes) const;

 private:
  core::BlockRegistry registry_;
  std::ostream& out_;
  std::ostream& err_;
};

}  // namespace kelvin::cli
