#include "model/model_reader.h"

#include <filesystem>
#include <initializer_list>
#include <set>

#include "expr/si_number.h"
#include "model/input_file.h"

namespace kelvin::core {

namespace {

/// Deepest nesting of subsystems read.
constexpr std::size_t kMaxSubsystemDepth = 1000;

/// "a/b/c/…/y/z": the first three and the last two names of a long subsystem path.
std::string abbreviatedPath(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t slash; (slash = path.find('/', start)) != std::string::npos; start = slash + 1)
    parts.push_back(path.substr(start, slash - start));
  parts.push_back(path.substr(start));
  if (parts.size() <= 6) return path;
  return parts[0] + "/" + parts[1] + "/" + parts[2] + "/…/" + parts[parts.size() - 2] + "/" + parts.back();
}

/// `extra` of a JSON object: the object without the keys this version reads.
Json unknownKeys(const Json& object, std::initializer_list<const char*> known) {
  Json extra = Json::object();
  for (const auto& [key, value] : object.items()) {
    bool isKnown = false;
    for (const char* k : known) isKnown = isKnown || key == k;
    if (!isKnown) extra[key] = value;
  }
  return extra;
}

/// A scalar as text ("1k", 1e-6 -> "1e-06", true -> "true"), or an array as a
/// vector "[1 2 3]" or a matrix "[1 2; 3 4]". nullopt for anything else.
std::optional<std::string> textOf(const Json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number() || value.is_boolean()) return value.dump();
  if (!value.is_array()) return std::nullopt;
  std::string text = "[";
  for (std::size_t i = 0; i < value.size(); ++i) {
    const Json& item = value[i];
    std::optional<std::string> entry;
    if (item.is_array()) {
      std::string row;
      for (const Json& cell : item) {
        if (!cell.is_string() && !cell.is_number()) return std::nullopt;
        row += (row.empty() ? "" : " ") + *textOf(cell);
      }
      entry = row;
    } else if (item.is_string() || item.is_number()) {
      entry = textOf(item);
    } else {
      return std::nullopt;
    }
    const char* separator = i == 0 ? "" : value[i - 1].is_array() ? "; " : " ";
    text += separator + *entry;
  }
  return text + "]";
}

std::optional<double> numberOf(const Json& value) {
  if (value.is_number()) return value.get<double>();
  if (value.is_string()) return parseSiNumber(value.get<std::string>());
  return std::nullopt;
}

std::optional<Point> pointOf(const Json& value) {
  if (!value.is_array() || value.size() != 2 || !value[0].is_number() || !value[1].is_number()) return std::nullopt;
  return Point{value[0].get<double>(), value[1].get<double>()};
}

}  // namespace

ModelReader::ModelReader(const std::string& file) : file_(file) {}

void ModelReader::fatal(const std::string& message) const { throw ModelError(Diagnostic{file_, "", "", message}); }

Model ModelReader::read(const Json& root) {
  checkHeader(root);
  Model model;
  model.extra = unknownKeys(root, {"format", "version", "name", "settings", "variables", "components",
                                   "component_files", "blocks", "connections"});
  if (root.contains("name")) {
    if (root["name"].is_string())
      model.name = root["name"].get<std::string>();
    else
      problem("", "\"name\" must be a string");
  }
  if (root.contains("settings")) model.settings = readSettings(root["settings"]);
  if (root.contains("variables")) model.variables = readVariables(root["variables"]);
  if (root.contains("components")) model.components = readComponents(root["components"]);
  if (root.contains("component_files")) model.componentFiles = readComponentFiles(root["component_files"]);
  readLevel(root, "", model.blocks, model.connections, 0);
  if (!problems_.empty()) throw ModelError(problems_);
  return model;
}

void ModelReader::problem(const std::string& blockId, const std::string& message) {
  problems_.push_back(Diagnostic{file_, blockId, "", message});
}

void ModelReader::checkHeader(const Json& root) const {
  if (!root.is_object()) fatal("not a Kelvin model: the file is not a JSON object");
  const auto format = root.find("format");
  if (format == root.end()) fatal("not a Kelvin model: no \"format\": \"kelvin-model\"");
  if (!format->is_string() || format->get<std::string>() != kModelFormatName)
    fatal("not a Kelvin model: format is " + format->dump() + ", expected \"" + kModelFormatName + "\"");
  const auto version = root.find("version");
  if (version == root.end() || !version->is_number_integer()) fatal("\"version\" is missing or not an integer");
  const auto number = version->get<std::int64_t>();
  if (number > Model::kFormatVersion)
    fatal("file format version " + std::to_string(number) + " is newer than this Kelvin reads (up to " +
          std::to_string(Model::kFormatVersion) + "); please update Kelvin");
  if (number < 1) fatal("unsupported file format version " + std::to_string(number));
}

/// "components": texts, each a string or an array of lines.
std::vector<std::string> ModelReader::readComponents(const Json& json) {
  std::vector<std::string> texts;
  if (!json.is_array()) {
    problem("", "\"components\" must be an array of texts");
    return texts;
  }
  for (const Json& item : json) {
    if (item.is_string()) {
      texts.push_back(item.get<std::string>());
      continue;
    }
    std::string text;
    bool lines = item.is_array();
    for (const Json& line : lines ? item : Json::array()) {
      lines = lines && line.is_string();
      if (lines) text += line.get<std::string>() + "\n";
    }
    if (lines)
      texts.push_back(text);
    else
      problem("", "each entry of \"components\" must be a string or an array of lines");
  }
  return texts;
}

/// "component_files": paths relative to the model file; each is read now.
std::vector<ComponentFile> ModelReader::readComponentFiles(const Json& json) {
  std::vector<ComponentFile> files;
  if (!json.is_array()) {
    problem("", "\"component_files\" must be an array of file names");
    return files;
  }
  const std::filesystem::path directory = std::filesystem::path(file_).parent_path();
  for (const Json& item : json) {
    if (!item.is_string()) {
      problem("", "each entry of \"component_files\" must be a file name");
      continue;
    }
    ComponentFile f;
    f.path = item.get<std::string>();
    const std::filesystem::path path(f.path);
    f.resolved = (path.is_absolute() ? path : directory / path).lexically_normal().string();
    InputFileText text = readInputFile(f.resolved);
    if (!text.text) {
      problems_.push_back(Diagnostic{f.resolved, "", "", "cannot read the component file: " + text.error});
      continue;
    }
    f.text = std::move(*text.text);
    files.push_back(std::move(f));
  }
  return files;
}

Settings ModelReader::readSettings(const Json& json) {
  Settings settings;
  if (!json.is_object()) {
    problem("", "\"settings\" must be an object");
    return settings;
  }
  settings.extra = unknownKeys(json, {"stop_time", "solver", "rtol", "atol", "step", "temperature", "projection"});
  auto readText = [&](const char* key, std::string& target) {
    if (!json.contains(key)) return;
    const Json& value = json[key];
    if (value.is_string() || value.is_number())
      target = *textOf(value);
    else
      problem("", std::string("settings: \"") + key + "\" must be a string or a number");
  };
  auto readNumber = [&](const char* key, double& target) {
    if (!json.contains(key)) return;
    if (auto number = numberOf(json[key]))
      target = *number;
    else
      problem("", std::string("settings: \"") + key + "\" must be a number, not " + json[key].dump());
  };
  readText("stop_time", settings.stopTime);
  readText("step", settings.step);
  readNumber("rtol", settings.rtol);
  readNumber("atol", settings.atol);
  readNumber("temperature", settings.temperature);
  if (json.contains("solver")) {
    if (json["solver"].is_string())
      settings.solver = json["solver"].get<std::string>();
    else
      problem("", "settings: \"solver\" must be a string");
  }
  if (json.contains("projection")) {
    if (json["projection"].is_boolean())
      settings.projection = json["projection"].get<bool>();
    else
      problem("", "settings: \"projection\" must be true or false");
  }
  return settings;
}

std::vector<Variable> ModelReader::readVariables(const Json& json) {
  std::vector<Variable> variables;
  if (!json.is_array()) {
    problem("", "\"variables\" must be an array");
    return variables;
  }
  for (std::size_t i = 0; i < json.size(); ++i) {
    const Json& item = json[i];
    const std::string where = "variables[" + std::to_string(i) + "]";
    if (!item.is_object() || !item.contains("name") || !item["name"].is_string()) {
      problem("", where + " needs a \"name\" string");
      continue;
    }
    Variable variable{item["name"].get<std::string>(), "", unknownKeys(item, {"name", "value"})};
    std::optional<std::string> value = item.contains("value") ? textOf(item["value"]) : std::nullopt;
    if (!value) {
      problem("", where + " (" + variable.name + ") needs a \"value\" string or number");
      continue;
    }
    variable.value = *value;
    variables.push_back(std::move(variable));
  }
  return variables;
}

/// Reads "blocks" and "connections" of the model (owner "", depth 0) or of a subsystem
/// (`depth` levels down). Recursion is bounded: deeper than kMaxSubsystemDepth is refused.
void ModelReader::readLevel(const Json& json, const std::string& owner, std::vector<Block>& blocks,
                            std::vector<Connection>& connections, std::size_t depth) {
  const std::string prefix = owner.empty() ? "" : owner + "/";
  if (depth > kMaxSubsystemDepth && (json.contains("blocks") || json.contains("connections"))) {
    problem(abbreviatedPath(owner), "subsystems nested too deeply at " + abbreviatedPath(owner) + " (more than " +
                                        std::to_string(kMaxSubsystemDepth) + " levels)");
    return;
  }
  if (json.contains("blocks")) {
    if (!json["blocks"].is_array()) {
      problem(owner, "\"blocks\" must be an array");
    } else {
      std::set<std::string> ids;
      for (std::size_t i = 0; i < json["blocks"].size(); ++i) {
        std::optional<Block> block = readBlock(json["blocks"][i], i, owner, prefix, depth);
        if (!block) continue;
        if (!ids.insert(block->id).second) problem(prefix + block->id, "duplicate block id '" + block->id + "'");
        blocks.push_back(std::move(*block));
      }
    }
  }
  if (json.contains("connections")) {
    if (!json["connections"].is_array()) {
      problem(owner, "\"connections\" must be an array");
    } else {
      for (std::size_t i = 0; i < json["connections"].size(); ++i) {
        if (std::optional<Connection> c = readConnection(json["connections"][i], i, owner))
          connections.push_back(std::move(*c));
      }
    }
  }
}

std::optional<Block> ModelReader::readBlock(const Json& json, std::size_t index, const std::string& owner,
                                            const std::string& prefix, std::size_t depth) {
  const std::string where = "blocks[" + std::to_string(index) + "]";
  if (!json.is_object()) {
    problem(owner, where + " is not an object");
    return std::nullopt;
  }
  if (!json.contains("id") || !json["id"].is_string() || json["id"].get<std::string>().empty()) {
    problem(owner, where + " has no \"id\"");
    return std::nullopt;
  }
  Block block;
  block.id = json["id"].get<std::string>();
  const std::string name = prefix + block.id;
  if (json.contains("type") && json["type"].is_string() && !json["type"].get<std::string>().empty())
    block.type = json["type"].get<std::string>();
  else
    problem(name, "block has no \"type\"");
  block.extra =
      unknownKeys(json, {"id", "type", "params", "pos", "rotation", "flipped", "blocks", "connections", "ports"});
  if (json.contains("params") && !json["params"].is_object()) {
    problem(name, "\"params\" must be an object");
  } else if (json.contains("params")) {
    for (const auto& [param, value] : json["params"].items()) {
      if (std::optional<std::string> text = textOf(value))
        block.params[param] = *text;
      else
        problem(name, "parameter " + param + ": must be a string or a number, not " + value.dump());
    }
  }
  if (json.contains("pos")) {
    if (std::optional<Point> pos = pointOf(json["pos"]))
      block.pos = *pos;
    else
      problem(name, "\"pos\" must be [x, y]");
  }
  if (json.contains("rotation")) {
    if (json["rotation"].is_number())
      block.rotation = json["rotation"].get<double>();
    else
      problem(name, "\"rotation\" must be a number");
  }
  if (json.contains("flipped")) {
    if (json["flipped"].is_boolean())
      block.flipped = json["flipped"].get<bool>();
    else
      problem(name, "\"flipped\" must be true or false");
  }
  if (json.contains("ports")) block.ports = readBoundaryPorts(json["ports"], name);
  readLevel(json, name, block.blocks, block.connections, depth + 1);
  return block;
}

std::vector<BoundaryPort> ModelReader::readBoundaryPorts(const Json& json, const std::string& owner) {
  std::vector<BoundaryPort> ports;
  if (!json.is_array()) {
    problem(owner, "\"ports\" must be an array");
    return ports;
  }
  for (std::size_t i = 0; i < json.size(); ++i) {
    const Json& item = json[i];
    const std::string where = "ports[" + std::to_string(i) + "]";
    if (!item.is_object() || !item.contains("name") || !item["name"].is_string()) {
      problem(owner, where + " needs a \"name\" string");
      continue;
    }
    BoundaryPort port;
    port.name = item["name"].get<std::string>();
    port.extra = unknownKeys(item, {"name", "domain", "direction", "pos"});
    for (auto [key, target] : {std::pair{"domain", &port.domain}, std::pair{"direction", &port.direction}}) {
      if (!item.contains(key)) continue;
      if (item[key].is_string())
        *target = item[key].get<std::string>();
      else
        problems_.push_back(Diagnostic{file_, owner, port.name, std::string("\"") + key + "\" must be a string"});
    }
    if (item.contains("pos")) {
      if (std::optional<Point> pos = pointOf(item["pos"]))
        port.pos = *pos;
      else
        problems_.push_back(Diagnostic{file_, owner, port.name, "\"pos\" must be [x, y]"});
    }
    ports.push_back(std::move(port));
  }
  return ports;
}

std::optional<Connection> ModelReader::readConnection(const Json& json, std::size_t index, const std::string& owner) {
  const std::string where = "connections[" + std::to_string(index) + "]";
  if (!json.is_object()) {
    problem(owner, where + " is not an object");
    return std::nullopt;
  }
  Connection connection;
  for (auto [key, target] : {std::pair{"from", &connection.from}, std::pair{"to", &connection.to}}) {
    if (json.contains(key) && json[key].is_string()) {
      *target = json[key].get<std::string>();
      continue;
    }
    problem(owner, where + " has no \"" + key + "\" string");
    return std::nullopt;
  }
  connection.extra = unknownKeys(json, {"from", "to", "points"});
  if (json.contains("points")) {
    bool valid = json["points"].is_array();
    if (valid) {
      for (const Json& point : json["points"]) {
        std::optional<Point> p = pointOf(point);
        valid = valid && p.has_value();
        if (p) connection.points.push_back(*p);
      }
    }
    if (!valid)
      problem(owner, where + " (" + connection.from + " -> " + connection.to + "): \"points\" must be [[x, y], ...]");
  }
  return connection;
}

}  // namespace kelvin::core
