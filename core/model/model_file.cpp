#include "model/model_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>

#include "expr/si_number.h"
#include "model/input_file.h"

namespace kelvin::core {

namespace {

constexpr const char* kFormatName = "kelvin-model";

std::string systemMessage(int error) { return std::generic_category().message(error); }

/// Deepest nesting of JSON arrays and objects read. The JSON library copies, compares and
/// writes values recursively, so the depth is bounded before parsing; a model with
/// subsystems nested kMaxSubsystemDepth deep needs about twice as many levels.
constexpr std::size_t kMaxJsonDepth = 4096;
/// Deepest nesting of subsystems read.
constexpr std::size_t kMaxSubsystemDepth = 1000;

/// Byte offset of the first '[' or '{' nested deeper than kMaxJsonDepth, if any
/// (brackets inside strings do not count; syntax errors are left to the parser).
std::optional<std::size_t> tooDeepAt(const std::string& text) {
  std::size_t depth = 0;
  bool inString = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

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

/// Collects the problems of one file while reading it, so that all are reported at once.
class ModelReader {
 public:
  explicit ModelReader(const std::string& file) : file_(file) {}

  Model read(const Json& root) {
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

 private:
  [[noreturn]] void fatal(const std::string& message) const { throw ModelError(Diagnostic{file_, "", "", message}); }

  void problem(const std::string& blockId, const std::string& message) {
    problems_.push_back(Diagnostic{file_, blockId, "", message});
  }

  void checkHeader(const Json& root) const {
    if (!root.is_object()) fatal("not a Kelvin model: the file is not a JSON object");
    const auto format = root.find("format");
    if (format == root.end()) fatal("not a Kelvin model: no \"format\": \"kelvin-model\"");
    if (!format->is_string() || format->get<std::string>() != kFormatName)
      fatal("not a Kelvin model: format is " + format->dump() + ", expected \"" + kFormatName + "\"");
    const auto version = root.find("version");
    if (version == root.end() || !version->is_number_integer()) fatal("\"version\" is missing or not an integer");
    const auto number = version->get<std::int64_t>();
    if (number > Model::kFormatVersion)
      fatal("file format version " + std::to_string(number) + " is newer than this Kelvin reads (up to " +
            std::to_string(Model::kFormatVersion) + "); please update Kelvin");
    if (number < 1) fatal("unsupported file format version " + std::to_string(number));
  }

  /// "components": texts, each a string or an array of lines.
  std::vector<std::string> readComponents(const Json& json) {
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
  std::vector<ComponentFile> readComponentFiles(const Json& json) {
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

  Settings readSettings(const Json& json) {
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

  std::vector<Variable> readVariables(const Json& json) {
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
  void readLevel(const Json& json, const std::string& owner, std::vector<Block>& blocks,
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

  std::optional<Block> readBlock(const Json& json, std::size_t index, const std::string& owner,
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

  std::vector<BoundaryPort> readBoundaryPorts(const Json& json, const std::string& owner) {
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

  std::optional<Connection> readConnection(const Json& json, std::size_t index, const std::string& owner) {
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

  std::string file_;
  std::vector<Diagnostic> problems_;
};

/// 1-based line and column of a byte offset (0-based) of `text`.
std::pair<std::size_t, std::size_t> lineAndColumn(const std::string& text, std::size_t offset) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

/// The message for a JSON number too large for a double: the parser names only the
/// literal, so find it in the text (outside strings) and the key it is the value of.
std::string numberOutOfRange(const std::string& text, const std::string& what) {
  const std::size_t open = what.find("parsing '");
  const std::size_t close = open == std::string::npos ? open : what.find('\'', open + 9);
  if (close == std::string::npos) return "number out of range: " + what;
  const std::string literal = what.substr(open + 9, close - open - 9);
  bool inString = false;
  std::size_t keyStart = std::string::npos, keyEnd = std::string::npos, stringStart = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        inString = false;
        const std::size_t next = text.find_first_not_of(" \t\r\n", i + 1);
        if (next != std::string::npos && text[next] == ':') {
          keyStart = stringStart;
          keyEnd = i;
        }
      }
      continue;
    }
    if (c == '"') {
      inString = true;
      stringStart = i + 1;
    } else if (text.compare(i, literal.size(), literal) == 0) {
      const auto [line, column] = lineAndColumn(text, i);
      const std::string key = keyStart == std::string::npos ? "" : text.substr(keyStart, keyEnd - keyStart);
      return "number out of range at line " + std::to_string(line) + ", column " + std::to_string(column) +
             (key.empty() ? "" : " (\"" + key + "\")") + ": " + literal + " is too large for a double";
    }
  }
  return "number out of range: " + literal + " is too large for a double";
}

/// Whole numbers as JSON integers, so positions read [120, 0] rather than [120.0, 0.0].
Json numberJson(double x) {
  if (std::isfinite(x) && x == std::floor(x) && std::abs(x) < 1e15) return Json(static_cast<std::int64_t>(x));
  return Json(x);
}

Json pointJson(const Point& p) { return Json::array({numberJson(p.x), numberJson(p.y)}); }

/// Appends the preserved unknown keys after the known ones.
void appendExtra(Json& json, const Json& extra) {
  for (const auto& [key, value] : extra.items())
    if (!json.contains(key)) json[key] = value;
}

Json connectionsJson(const std::vector<Connection>& connections) {
  Json array = Json::array();
  for (const Connection& c : connections) {
    Json json = {{"from", c.from}, {"to", c.to}};
    if (!c.points.empty()) {
      json["points"] = Json::array();
      for (const Point& p : c.points) json["points"].push_back(pointJson(p));
    }
    appendExtra(json, c.extra);
    array.push_back(std::move(json));
  }
  return array;
}

Json blocksJson(const std::vector<Block>& blocks) {
  Json array = Json::array();
  for (const Block& b : blocks) {
    Json json = {{"id", b.id}, {"type", b.type}};
    if (!b.params.empty()) {
      json["params"] = Json::object();
      for (const auto& [name, text] : b.params) json["params"][name] = text;
    }
    json["pos"] = pointJson(b.pos);
    if (b.rotation != 0.0) json["rotation"] = numberJson(b.rotation);
    if (b.flipped) json["flipped"] = true;
    if (b.type == "Subsystem" || !b.ports.empty() || !b.blocks.empty() || !b.connections.empty()) {
      json["ports"] = Json::array();
      for (const BoundaryPort& port : b.ports) {
        Json p = {
            {"name", port.name}, {"domain", port.domain}, {"direction", port.direction}, {"pos", pointJson(port.pos)}};
        appendExtra(p, port.extra);
        json["ports"].push_back(std::move(p));
      }
      json["blocks"] = blocksJson(b.blocks);
      json["connections"] = connectionsJson(b.connections);
    }
    appendExtra(json, b.extra);
    array.push_back(std::move(json));
  }
  return array;
}

Json settingsJson(const Settings& s) {
  Json json = {
      {"stop_time", s.stopTime}, {"solver", s.solver}, {"rtol", numberJson(s.rtol)}, {"atol", numberJson(s.atol)}};
  if (!s.step.empty()) json["step"] = s.step;
  json["temperature"] = numberJson(s.temperature);
  json["projection"] = s.projection;
  appendExtra(json, s.extra);
  return json;
}

}  // namespace

Model parseModel(const std::string& jsonText, const std::string& fileName) {
  if (const std::optional<std::size_t> at = tooDeepAt(jsonText)) {
    const auto [line, column] = lineAndColumn(jsonText, *at);
    throw ModelError(Diagnostic{fileName, "", "",
                                "JSON nested too deeply at line " + std::to_string(line) + ", column " +
                                    std::to_string(column) + " (more than " + std::to_string(kMaxJsonDepth) +
                                    " levels of [ and {)"});
  }
  Json root;
  try {
    root = Json::parse(jsonText);
  } catch (const Json::parse_error& e) {
    const std::string what = e.what();
    const std::size_t reason = what.find("syntax error");
    const auto [line, column] = lineAndColumn(jsonText, e.byte == 0 ? 0 : e.byte - 1);
    throw ModelError(Diagnostic{fileName, "", "",
                                "invalid JSON at line " + std::to_string(line) + ", column " + std::to_string(column) +
                                    ": " + (reason == std::string::npos ? what : what.substr(reason))});
  }
  catch (const Json::out_of_range& e) {
    throw ModelError(Diagnostic{fileName, "", "", numberOutOfRange(jsonText, e.what())});
  }
  return ModelReader(fileName).read(root);
}

Model loadModel(const std::string& path) {
  const InputFileText file = readInputFile(path);
  if (!file.text) throw ModelError(Diagnostic{path, "", "", "cannot read the model: " + file.error});
  return parseModel(*file.text, path);
}

std::string serializeModel(const Model& model) {
  Json root = {{"format", kFormatName}, {"version", Model::kFormatVersion}};
  if (!model.name.empty()) root["name"] = model.name;
  root["settings"] = settingsJson(model.settings);
  if (!model.variables.empty()) {
    root["variables"] = Json::array();
    for (const Variable& v : model.variables) {
      Json item{{"name", v.name}, {"value", v.value}};
      appendExtra(item, v.extra);
      root["variables"].push_back(item);
    }
  }
  if (!model.components.empty()) root["components"] = model.components;
  if (!model.componentFiles.empty()) {
    root["component_files"] = Json::array();
    for (const ComponentFile& f : model.componentFiles) root["component_files"].push_back(f.path);
  }
  root["blocks"] = blocksJson(model.blocks);
  root["connections"] = connectionsJson(model.connections);
  appendExtra(root, model.extra);
  try {
    return root.dump(2) + "\n";
  } catch (const Json::type_error& e) {
    throw ModelError(Diagnostic{"", "", "", std::string("cannot write the model: ") + e.what()});
  }
}

void saveModel(const Model& model, const std::string& path) {
  auto fail = [&](const std::string& message) { throw ModelError(Diagnostic{path, "", "", message}); };
  std::string text;
  try {
    text = serializeModel(model);  // before touching the disk
  } catch (const ModelError& e) {
    fail(e.diagnostics().front().message);
  }
  // Replace the file a symlink points to, not the link (a dangling link is replaced itself).
  std::string target = path;
  std::error_code ec;
  if (std::filesystem::is_symlink(std::filesystem::symlink_status(path, ec))) {
    const std::filesystem::path resolved = std::filesystem::canonical(path, ec);
    if (!ec) target = resolved.string();
  }

  std::string temporary = target + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) fail("cannot save: " + systemMessage(errno));
  auto abandon = [&](const std::string& step, int error) {
    ::close(fd);
    ::unlink(temporary.c_str());
    fail("cannot save (" + step + "): " + systemMessage(error));
  };
  for (std::size_t written = 0; written < text.size();) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) abandon("write", errno);
    written += static_cast<std::size_t>(n);
  }
  // Keep the permissions of the file being replaced; a new one gets rw-r--r--.
  struct stat old {};
  const mode_t mode = ::stat(target.c_str(), &old) == 0 ? (old.st_mode & 07777) : 0644;
  if (::fchmod(fd, mode) != 0) abandon("chmod", errno);
  if (::fsync(fd) != 0) abandon("fsync", errno);
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail("cannot save (close): " + systemMessage(error));
  }
  if (::rename(temporary.c_str(), target.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail("cannot save (rename): " + systemMessage(error));
  }
  // Make the rename itself durable; failing here loses nothing already written.
  const std::string directory = std::filesystem::path(target).parent_path().string();
  const int dirFd = ::open(directory.empty() ? "." : directory.c_str(), O_RDONLY | O_DIRECTORY);
  if (dirFd >= 0) {
    ::fsync(dirFd);
    ::close(dirFd);
  }
}

}  // namespace kelvin::core
