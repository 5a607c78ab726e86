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
#include "model/fast_model_reader.h"
#include "model/input_file.h"
#include "model/model_reader.h"

namespace kelvin::core {

namespace {

std::string systemMessage(int error) { return std::generic_category().message(error); }

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
  // Most files are read without a JSON document of their blocks (the quick reader refuses a
  // text nested deeper than kMaxJsonDepth); the rest, and every file with a problem, the
  // ordinary way below.
  if (std::optional<Model> model = FastModelReader(fileName).read(jsonText)) return std::move(*model);
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
  Json root = {{"format", kModelFormatName}, {"version", Model::kFormatVersion}};
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
