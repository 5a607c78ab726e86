#pragma once
// Reads the parsed JSON of a `.kelvin` file (the format: model_file.h) into a
// Model, collecting the problems of the file as it goes so that all are reported
// at once: a value of the wrong JSON type, a block without "id" or "type", a
// duplicate block id, subsystems nested deeper than 1,000 levels. parseModel
// reads the whole document with it; FastModelReader hands it the blocks and
// connections it does not read itself.

#include <optional>
#include <string>
#include <vector>

#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

/// The value of "format" in every `.kelvin` file.
inline constexpr const char* kModelFormatName = "kelvin-model";
/// The deepest nesting of JSON arrays and objects read. The JSON library copies, compares and
/// writes values recursively, so parseModel refuses a deeper text before any of that; a model
/// with subsystems nested 1,000 deep (ModelReader's limit) needs about twice as many levels.
inline constexpr std::size_t kMaxJsonDepth = 4096;

class ModelReader {
 public:
  /// `file` goes into every diagnostic.
  explicit ModelReader(const std::string& file);

  /// The model held by `root`. Throws ModelError: at once for a wrong "format" or
  /// "version", else with every problem found.
  Model read(const Json& root);
  /// Entry `index` of the "blocks" of `owner` ("" at the top; then `prefix` is "", else
  /// owner + "/"), `depth` subsystems down. nullopt when it is not a block at all; every
  /// problem found is recorded (problems()).
  std::optional<Block> readBlock(const Json& json, std::size_t index, const std::string& owner,
                                 const std::string& prefix, std::size_t depth);
  /// Entry `index` of the "connections" of `owner`; nullopt when unusable (recorded).
  std::optional<Connection> readConnection(const Json& json, std::size_t index, const std::string& owner);
  /// The problems recorded so far.
  const std::vector<Diagnostic>& problems() const { return problems_; }

 private:
  [[noreturn]] void fatal(const std::string& message) const;
  void problem(const std::string& blockId, const std::string& message);
  void checkHeader(const Json& root) const;
  std::vector<std::string> readComponents(const Json& json);
  std::vector<ComponentFile> readComponentFiles(const Json& json);
  Settings readSettings(const Json& json);
  std::vector<Variable> readVariables(const Json& json);
  void readLevel(const Json& json, const std::string& owner, std::vector<Block>& blocks,
                 std::vector<Connection>& connections, std::size_t depth);
  std::vector<BoundaryPort> readBoundaryPorts(const Json& json, const std::string& owner);

  std::string file_;
  std::vector<Diagnostic> problems_;
};

}  // namespace kelvin::core
