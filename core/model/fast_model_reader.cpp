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
namespace od = simdjson::ondemand;

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
bool readName(od::value e, std::string& target) {
  std::string_view text;
  if (e.get_string().get(text) || text.empty()) return false;
  target = text;
  return true;
}

/// A number into `target` as the DOM reads it (an integer of up to 64 bits converted, so
/// that -0 is 0 as it is for nlohmann-json); false for anything else, a longer integer too.
bool readNumber(od::value e, double& target) {
  od::number number;
  if (e.get_number().get(number)) return false;
  target = number.as_double();
  return true;
}

/// `[x, y]` into `p`.
bool readPoint(od::value e, Point& p) {
  od::array xy;
  if (e.get_array().get(xy)) return false;
  std::size_t count = 0;
  for (auto item : xy) {
    double& target = count == 0 ? p.x : p.y;
    od::value value;
    if (++count > 2 || item.get(value) || !readNumber(value, target)) return false;
  }
  return count == 2;
}

/// Reads `members` into `block` when it has the common form (known members, each once and
/// of its type, parameters as strings); false for the DOM and ModelReader to read.
bool commonBlock(od::object members, Block& block) {
  unsigned seen = 0;
  for (auto member : members) {
    std::string_view key;
    if (member.unescaped_key().get(key)) return false;
    const unsigned bit = blockMember(key);
    if (!bit || (seen & bit)) return false;
    seen |= bit;
    od::value value;
    if (member.value().get(value)) return false;
    switch (bit) {
      case kId:
        if (!readName(value, block.id)) return false;
        break;
      case kType:
        if (!readName(value, block.type)) return false;
        break;
      case kPos:
        if (!readPoint(value, block.pos)) return false;
        break;
      case kRotation:
        if (!readNumber(value, block.rotation)) return false;
        break;
      case kFlipped:
        if (value.get_bool().get(block.flipped)) return false;
        break;
      default: {
        od::object params;
        if (value.get_object().get(params)) return false;
        for (auto param : params) {
          std::string_view name, text;
          if (param.unescaped_key().get(name)) return false;
          std::string& target = block.params[std::string(name)];  // a name twice: the last, as in a document
          if (param.value().get_string().get(text)) return false;
          target = text;
        }
      }
    }
  }
  return (seen & (kId | kType)) == (kId | kType);
}

/// Reads `members` into `connection` when it is `{"from", "to", "points"?}`, each once.
bool commonConnection(od::object members, Connection& connection) {
  bool from = false, to = false, points = false;
  for (auto member : members) {
    std::string_view key, text;
    od::value value;
    if (member.unescaped_key().get(key) || member.value().get(value)) return false;
    if (key == "from" && !from && !value.get_string().get(text)) {
      connection.from = text;
      from = true;
    } else if (key == "to" && !to && !value.get_string().get(text)) {
      connection.to = text;
      to = true;
    } else if (key == "points" && !points) {
      points = true;
      od::array list;
      if (value.get_array().get(list)) return false;
      for (auto point : list) {
        od::value xy;
        if (point.get(xy) || !readPoint(xy, connection.points.emplace_back())) return false;
      }
    } else {
      return false;
    }
  }
  return from && to;
}

/// The JSON text of `value`, which is consumed.
std::optional<std::string_view> rawText(od::value value) {
  od::json_type type;
  if (value.type().get(type)) return std::nullopt;
  std::string_view raw;
  bool failed = false;
  if (type == od::json_type::object) {
    od::object object;
    failed = value.get_object().get(object) || object.raw_json().get(raw);
  } else if (type == od::json_type::array) {
    od::array array;
    failed = value.get_array().get(array) || array.raw_json().get(raw);
  } else {
    raw = value.raw_json_token();
  }
  if (failed) return std::nullopt;
  return raw;
}

/// The items of the array section `value` (blocks or connections) of `document` into `items`:
/// those in the common form read by `common`, the others as a DOM of their text (`dom`, whose
/// text lies in the padded input) converted for ModelReader's `readItem`. False when anything
/// is wrong.
template <class Item, class Common, class ReadItem>
bool readItems(od::document& document, od::value value, std::vector<Item>& items, dom::parser& dom,
               const Common& common, const ReadItem& readItem) {
  od::array list;
  std::size_t count = 0;
  if (value.get_array().get(list) || list.count_elements().get(count)) return false;
  items.reserve(count);
  for (auto entry : list) {
    od::object members;
    if (entry.get_object().get(members)) return false;  // not an object: the ordinary way reports it
    Item& item = items.emplace_back();
    if (common(members, item)) continue;
    // A syntax error met on the way leaves the parser unusable (simdjson abandons its iterator):
    // the ordinary way reports it.
    if (!document.is_alive()) return false;
    std::string_view raw;
    dom::element element;
    if (members.reset().error() || members.raw_json().get(raw) || dom.parse(raw.data(), raw.size(), false).get(element))
      return false;
    std::optional<Item> read = readItem(toJson(element), items.size() - 1);
    if (!read) return false;
    item = std::move(*read);
  }
  return true;
}

}  // namespace

FastModelReader::FastModelReader(std::string file) : file_(std::move(file)) {}

std::optional<Model> FastModelReader::read(const std::string& text) const {
  // nlohmann-json skips a UTF-8 byte-order mark; simdjson does not.
  const std::size_t bom = std::string_view(text).starts_with("\xEF\xBB\xBF") ? 3 : 0;
  std::optional<simdjson::padded_string> copy;  // only when the text lacks the padding
  simdjson::padded_string_view view(text.data() + bom, text.size() - bom, text.capacity() - bom);
  if (text.capacity() - text.size() < simdjson::SIMDJSON_PADDING) {
    copy.emplace(text.data() + bom, text.size() - bom);
    view = *copy;
  }
  od::parser parser;
  dom::parser dom;  // for the few items and sections read as a document, one at a time
  od::document document;
  od::object sections;
  if (parser.allocate(view.size(), kMaxJsonDepth) || dom.allocate(simdjson::SIMDJSON_PADDING, kMaxJsonDepth) ||
      parser.iterate(view).get(document) || document.get_object().get(sections))
    return std::nullopt;

  ModelReader reader(file_);
  Json rest = Json::object();  // the top level but its blocks and connections, in the order written
  std::vector<Block> blocks;
  std::vector<Connection> connections;
  bool haveBlocks = false, haveConnections = false;
  auto block = [&](const Json& json, std::size_t index) {
    std::optional<Block> read = reader.readBlock(json, index, "", "", 0);
    return reader.problems().empty() ? read : std::nullopt;
  };
  auto connection = [&](const Json& json, std::size_t index) {
    std::optional<Connection> read = reader.readConnection(json, index, "");
    return reader.problems().empty() ? read : std::nullopt;
  };
  for (auto section : sections) {
    std::string_view key;
    od::value value;
    if (section.unescaped_key().get(key) || section.value().get(value)) return std::nullopt;
    if (key == "blocks") {
      if (haveBlocks || !readItems(document, value, blocks, dom, commonBlock, block)) return std::nullopt;
      haveBlocks = true;
    } else if (key == "connections") {
      if (haveConnections || !readItems(document, value, connections, dom, commonConnection, connection))
        return std::nullopt;
      haveConnections = true;
    } else {
      // A section given twice: the ordinary way says what it makes of it.
      const std::string name(key);
      std::optional<std::string_view> raw = rawText(value);
      dom::element element;
      if (rest.contains(name) || !raw || dom.parse(raw->data(), raw->size(), false).get(element)) return std::nullopt;
      rest[name] = toJson(element);
    }
  }
  // Nothing but blanks after the model.
  std::string_view whole;
  if (sections.reset().error() || sections.raw_json().get(whole)) return std::nullopt;
  const std::string_view after =
      std::string_view(view.data(), view.size()).substr(whole.data() + whole.size() - view.data());
  if (after.find_first_not_of(" \t\r\n") != std::string_view::npos) return std::nullopt;
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
