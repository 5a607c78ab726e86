#include "model/fast_model_reader.h"

#include <simdjson.h>

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "model/input_file.h"
#include "model/model_reader.h"
#include "model/name_index.h"

namespace kelvin::core {

namespace {

namespace dom = simdjson::dom;

static_assert(kInputFilePadding >= simdjson::SIMDJSON_PADDING,
              "readInputFile must leave the padding simdjson reads past the end");

/// A scalar as nlohmann-json parses the same text: a non-negative integer is unsigned, a
/// negative one signed, anything with a fraction or an exponent a double. An array or an
/// object comes back empty (toJson fills it).
Json scalarJson(dom::element e) {
  switch (e.type()) {
    case dom::element_type::STRING: return Json(std::string(e.get_string().value_unsafe()));
    case dom::element_type::INT64: {
      const std::int64_t n = e.get_int64().value_unsafe();
      return n >= 0 ? Json(static_cast<std::uint64_t>(n)) : Json(n);
    }
    case dom::element_type::UINT64: return Json(e.get_uint64().value_unsafe());
    case dom::element_type::DOUBLE: return Json(e.get_double().value_unsafe());
    case dom::element_type::BOOL: return Json(e.get_bool().value_unsafe());
    case dom::element_type::NULL_VALUE: return Json(nullptr);
    case dom::element_type::ARRAY: return Json::array();
    case dom::element_type::OBJECT: return Json::object();
  }
  return Json();
}

/// `element` as the nlohmann document of the same text (a key given twice: the last value,
/// in the first place, as nlohmann parses it). Nesting is walked with an explicit stack.
Json toJson(dom::element element) {
  struct Open {
    Json* json;
    dom::array::iterator item, itemsEnd;
    dom::object::iterator field, fieldsEnd;
    bool object;
  };
  auto open = [](dom::element e, Json* json) {
    Open o{json, {}, {}, {}, {}, e.is_object()};
    if (o.object) {
      const dom::object fields = e.get_object().value_unsafe();
      o.field = fields.begin();
      o.fieldsEnd = fields.end();
    } else {
      const dom::array items = e.get_array().value_unsafe();
      o.item = items.begin();
      o.itemsEnd = items.end();
    }
    return o;
  };
  Json result = scalarJson(element);
  if (!element.is_array() && !element.is_object()) return result;
  std::vector<Open> stack{open(element, &result)};
  while (!stack.empty()) {
    Open& top = stack.back();
    dom::element child;
    Json* slot = nullptr;
    if (top.object ? top.field == top.fieldsEnd : top.item == top.itemsEnd) {
      stack.pop_back();
      continue;
    }
    if (top.object) {
      const dom::key_value_pair field = *top.field;
      ++top.field;
      slot = &(*top.json)[std::string(field.key)];
      child = field.value;
    } else {
      child = *top.item;
      ++top.item;
      top.json->push_back(nullptr);
      slot = &top.json->back();
    }
    // The parent takes no other child before this one is complete: `slot` stays valid.
    *slot = scalarJson(child);
    if (child.is_array() || child.is_object()) stack.push_back(open(child, slot));
  }
  return result;
}

enum : unsigned { kId = 1, kType = 2, kParams = 4, kPos = 8, kRotation = 16, kFlipped = 32 };

unsigned blockMember(std::string_view key) {
  using namespace std::string_view_literals;
  for (auto [name, bit] : {std::pair{"id"sv, kId},
                           {"type", kType},
                           {"params", kParams},
                           {"pos", kPos},
                           {"rotation", kRotation},
                           {"flipped", kFlipped}})
    if (key == name) return bit;
  return 0;
}

/// A non-empty string into `target`.
bool readName(dom::element e, std::string& target) {
  std::string_view text;
  if (e.get(text) || text.empty()) return false;
  target = text;
  return true;
}

/// `[x, y]` into `p`.
bool readPoint(dom::element e, Point& p) {
  dom::array xy;
  if (e.get(xy) || xy.size() != 2) return false;
  auto it = xy.begin();
  return !(*it).get(p.x) && !(*++it).get(p.y);
}

/// The block `e` holds when it has the common form (known members, each once and of its
/// type, parameters as strings, numbers or true/false); nullopt for ModelReader to read.
std::optional<Block> commonBlock(dom::element e) {
  dom::object members;
  if (e.get(members)) return std::nullopt;
  Block block;
  unsigned seen = 0;
  for (const dom::key_value_pair member : members) {
    const unsigned bit = blockMember(member.key);
    if (!bit || (seen & bit)) return std::nullopt;
    seen |= bit;
    const dom::element value = member.value;
    switch (bit) {
      case kId:
        if (!readName(value, block.id)) return std::nullopt;
        break;
      case kType:
        if (!readName(value, block.type)) return std::nullopt;
        break;
      case kPos:
        if (!readPoint(value, block.pos)) return std::nullopt;
        break;
      case kRotation:
        if (value.get(block.rotation)) return std::nullopt;
        break;
      case kFlipped:
        if (value.get(block.flipped)) return std::nullopt;
        break;
      default: {
        dom::object params;
        if (value.get(params)) return std::nullopt;
        for (const dom::key_value_pair param : params) {
          std::string& text = block.params[std::string(param.key)];  // a name twice: the last, as in a document
          std::string_view s;
          if (!param.value.get(s))
            text = s;
          else if (param.value.is_number() || param.value.is_bool())
            text = scalarJson(param.value).dump();  // its text as ModelReader writes it
          else
            return std::nullopt;
        }
      }
    }
  }
  if ((seen & (kId | kType)) != (kId | kType)) return std::nullopt;
  return block;
}

/// The connection `e` holds when it is `{"from", "to", "points"?}`, each once.
std::optional<Connection> commonConnection(dom::element e) {
  dom::object members;
  if (e.get(members)) return std::nullopt;
  Connection connection;
  bool from = false, to = false, points = false;
  for (const dom::key_value_pair member : members) {
    std::string_view text;
    if (member.key == "from" && !from && !member.value.get(text)) {
      connection.from = text;
      from = true;
    } else if (member.key == "to" && !to && !member.value.get(text)) {
      connection.to = text;
      to = true;
    } else if (member.key == "points" && !points) {
      points = true;
      dom::array list;
      if (member.value.get(list)) return std::nullopt;
      connection.points.reserve(list.size());
      for (const dom::element point : list)
        if (!readPoint(point, connection.points.emplace_back())) return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  if (!from || !to) return std::nullopt;
  return connection;
}

}  // namespace

FastModelReader::FastModelReader(std::string file) : file_(std::move(file)) {}

std::optional<Model> FastModelReader::read(const std::string& text) const {
  // nlohmann-json skips a UTF-8 byte-order mark; simdjson does not.
  const std::size_t bom = std::string_view(text).starts_with("\xEF\xBB\xBF") ? 3 : 0;
  dom::parser parser;
  dom::element root;
  if (parser.allocate(text.size(), kMaxJsonDepth) ||
      parser.parse(text.data() + bom, text.size() - bom, text.capacity() - text.size() < simdjson::SIMDJSON_PADDING)
          .get(root))
    return std::nullopt;
  dom::object sections;
  if (root.get(sections)) return std::nullopt;

  ModelReader reader(file_);
  Json rest = Json::object();  // the top level but its blocks and connections, in the order written
  std::vector<Block> blocks;
  std::vector<Connection> connections;
  bool haveBlocks = false, haveConnections = false;
  for (const dom::key_value_pair section : sections) {
    dom::array items;
    if (section.key == "blocks") {
      if (haveBlocks || section.value.get(items)) return std::nullopt;
      haveBlocks = true;
      blocks.reserve(items.size());
      for (const dom::element item : items) {
        std::optional<Block> block = commonBlock(item);
        if (!block) block = reader.readBlock(toJson(item), blocks.size(), "", "", 0);
        if (!block || !reader.problems().empty()) return std::nullopt;
        blocks.push_back(std::move(*block));
      }
    } else if (section.key == "connections") {
      if (haveConnections || section.value.get(items)) return std::nullopt;
      haveConnections = true;
      connections.reserve(items.size());
      for (const dom::element item : items) {
        std::optional<Connection> connection = commonConnection(item);
        if (!connection) connection = reader.readConnection(toJson(item), connections.size(), "");
        if (!connection || !reader.problems().empty()) return std::nullopt;
        connections.push_back(std::move(*connection));
      }
    } else {
      const std::string key(section.key);
      if (rest.contains(key)) return std::nullopt;  // a section given twice: the ordinary way says what it makes of it
      rest[key] = toJson(section.value);
    }
  }
  NameIndex ids(blocks.size());  // a duplicate id is the ordinary way's to report
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    if (k + NameIndex::kLookAhead < blocks.size()) ids.prefetch(blocks[k + NameIndex::kLookAhead].id);
    if (!ids.insert(blocks[k].id, static_cast<int>(k)).second) return std::nullopt;
  }
  try {
    Model model = reader.read(rest);
    model.blocks = std::move(blocks);
    model.connections = std::move(connections);
    return model;
  } catch (const ModelError&) {
    return std::nullopt;
  }
}

}  // namespace kelvin::core
