#pragma once
// The user components of a model compiled into a registry layer: every text of
// "components" and every file of "component_files" is parsed, and each
// component compiled to `user.NAME` once the user types it uses as sub-models
// are there (so the order of definition does not matter; a cycle is an error,
// and so is nesting user components more than kMaxUserNesting deep).

#include <memory>
#include <string>
#include <vector>

#include "elaborate/block_registry.h"
#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

/// How deep user components may contain user components (each level is one stack frame of the build).
inline constexpr int kMaxUserNesting = 32;

/// A user component's text and the file its diagnostics name.
struct ComponentSource {
  std::string text;
  std::string file;
};

/// The model's component texts: the inline ones (named after `modelFile`), then its files.
std::vector<ComponentSource> componentSources(const Model& model, const std::string& modelFile);

/// Compiles `sources` into `layer` (whose base supplies the library). Returns one
/// diagnostic per problem, "file: component NAME, line L:C: message"; a component
/// with a problem is left out, and so is one that uses it.
std::vector<Diagnostic> addUserComponents(const std::vector<ComponentSource>& sources, BlockRegistry& layer);

/// `library` with the model's components layered on it. Throws ModelError with
/// every problem when a component does not compile.
std::unique_ptr<BlockRegistry> registryForModel(const Model& model, const BlockRegistry& library,
                                                const std::string& file);

}  // namespace kelvin::core
