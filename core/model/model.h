#pragma once
// The editable description of a model: blocks with string parameters,
// connections between their ports, subsystems, model variables and
// simulation settings. Plain values (copyable), so the GUI can hand the
// engine a snapshot. Loaded from and saved to the `.kelvin` JSON format by
// ModelFile; keys this version does not know are kept in `extra` and written
// back on save.

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kelvin::core {

using Json = nlohmann::ordered_json;

struct Point {
  double x = 0.0;
  double y = 0.0;
  bool operator==(const Point&) const = default;
};

/// `"from": "R1.n", "to": "C1.p"`: endpoints are `<block id>.<port>`; inside a
/// subsystem a bare `<port>` names one of the subsystem's boundary ports.
struct Connection {
  std::string from;
  std::string to;
  std::vector<Point> points;  // intermediate routing points of the wire
  Json extra;                 // null or an object (a file's blocks and wires are many: null costs no allocation)
};

/// A port on the boundary of a subsystem. direction: "input", "output" or
/// "physical"; domain: "signal", "electrical", "rotational", "translational",
/// "hydraulic", "thermal" or "pneumatic".
struct BoundaryPort {
  std::string name;
  std::string domain = "signal";
  std::string direction = "input";
  Point pos;
  Json extra = Json::object();
};

/// One block. A block of type "Subsystem" also holds its own blocks,
/// connections and boundary ports; its params are visible inside it.
struct Block {
  std::string id;
  std::string type;
  std::map<std::string, std::string> params;  // name -> expression text, e.g. "10k"
  Point pos;
  double rotation = 0.0;  // degrees, multiple of 90
  bool flipped = false;
  std::vector<Block> blocks;             // Subsystem only
  std::vector<Connection> connections;   // Subsystem only
  std::vector<BoundaryPort> ports;       // Subsystem only
  Json extra;                            // null or an object, as Connection::extra
};

/// Starts fetching what reading `block` reaches outside the Block itself (the text of its type,
/// the tree of its parameters), for a loop over a large model's blocks a few blocks ahead: they
/// lie scattered on the heap, and each read of them would otherwise wait for memory in turn.
inline void prefetchBlock(const Block& block) {
  __builtin_prefetch(block.type.data());
  if (!block.params.empty()) __builtin_prefetch(&*block.params.begin());
}

/// A model-level variable usable in any parameter expression (like a workspace).
struct Variable {
  std::string name;
  std::string value;  // expression text
  Json extra = Json::object();
};

struct Settings {
  std::string stopTime = "1";
  std::string solver = "ida";  // ida | euler | trapezoid | bdf2
  double rtol = 1e-6;
  double atol = 1e-9;
  std::string step;            // fixed step, or the output interval for ida; empty = every accepted step
  double temperature = 300.15; // kelvin
  bool projection = true;
  Json extra = Json::object();
};

/// A file of user components named in "component_files", and its text as read
/// with the model (the text is not written back: the file is the source).
struct ComponentFile {
  std::string path;      // as written in the model, relative to the model file's directory
  std::string resolved;  // the path it was read from, for diagnostics
  std::string text;
};

struct Model {
  static constexpr int kFormatVersion = 1;
  std::string name;
  Settings settings;
  std::vector<Variable> variables;
  std::vector<std::string> components;         // texts of user components (docs/components.md)
  std::vector<ComponentFile> componentFiles;
  std::vector<Block> blocks;
  std::vector<Connection> connections;
  Json extra = Json::object();  // unknown top-level keys

  /// The block with this id at the top level, or nullptr. Valid until the model changes.
  const Block* findBlock(const std::string& id) const;
  Block* findBlock(const std::string& id);
};

}  // namespace kelvin::core
