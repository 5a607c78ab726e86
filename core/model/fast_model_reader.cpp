#include "model/fast_model_reader.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "model/model_reader.h"
#include "model/name_index.h"

namespace kelvin::core {

namespace {

/// What became of one part of the text: read here; to be read through a JSON document
/// (valid, but not in the form read here); or the whole text refused (wrong or unusual).
enum class Outcome { Read, Document, Refuse };

/// Walks JSON text as nlohmann::json reads it: the same grammar, the same strings (UTF-8
/// checked, escapes decoded) and the same numbers. Anything it does not take, it reports.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  std::size_t position() const { return at_; }
  void rewind(std::size_t at) { at_ = at; }
  bool atEnd() {
    skipBlanks();
    return at_ == text_.size();
  }
  /// The next character after blanks ('\0' at the end), not consumed.
  char peek() {
    skipBlanks();
    return at_ < text_.size() ? text_[at_] : '\0';
  }
  /// Consumes `c` if it is next after blanks.
  bool consume(char c) {
    if (peek() != c) return false;
    ++at_;
    return true;
  }

  /// A string, decoded into `out`.
  bool string(std::string& out) {
    out.clear();
    if (!consume('"')) return false;
    const std::string_view t = text_;
    for (;;) {
      // The plain run up to the next quote, escape, control or non-ASCII byte is copied at once.
      std::size_t run = at_;
      while (run < t.size() && t[run] != '"' && t[run] != '\\' && static_cast<unsigned char>(t[run]) >= 0x20 &&
             static_cast<unsigned char>(t[run]) < 0x80)
        ++run;
      out.append(t.data() + at_, run - at_);
      at_ = run;
      if (at_ >= t.size()) return false;
      const auto c = static_cast<unsigned char>(t[at_]);
      if (c == '"') {
        ++at_;
        return true;
      }
      if (c < 0x20) return false;  // a control character must be escaped
      if (c == '\\') {
        if (!escape(out)) return false;
        continue;
      }
      if (!utf8(out)) return false;
    }
  }

  /// A number, with the value nlohmann::json gives it: an integer literal as a 64-bit
  /// integer converted to double, anything else as the nearest double. False for what is
  /// not a number, and for one that is not finite or underflows.
  bool number(double& out) {
    skipBlanks();
    const std::string_view t = text_;
    std::size_t k = at_;
    auto digits = [&] {
      const std::size_t first = k;
      while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k;
      return k > first;
    };
    const bool negative = k < t.size() && t[k] == '-';
    if (negative) ++k;
    if (k < t.size() && t[k] == '0')
      ++k;
    else if (!(k < t.size() && t[k] >= '1' && t[k] <= '9') || !digits())
      return false;
    bool integral = true;
    if (k < t.size() && t[k] == '.') {
      integral = false;
      ++k;
      if (!digits()) return false;
    }
    if (k < t.size() && (t[k] == 'e' || t[k] == 'E')) {
      integral = false;
      ++k;
      if (k < t.size() && (t[k] == '+' || t[k] == '-')) ++k;
      if (!digits()) return false;
    }
    const char* first = t.data() + at_;
    const char* last = t.data() + k;
    bool done = false;
    if (integral && negative) {
      std::int64_t v = 0;
      const auto [end, error] = std::from_chars(first, last, v);
      done = error == std::errc() && end == last;
      if (done) out = static_cast<double>(v);
    } else if (integral) {
      std::uint64_t v = 0;
      const auto [end, error] = std::from_chars(first, last, v);
      done = error == std::errc() && end == last;
      if (done) out = static_cast<double>(v);
    }
    if (!done) {  // a fraction or an exponent, or an integer too long for 64 bits
      double v = 0.0;
      const auto [end, error] = std::from_chars(first, last, v);
      if (error != std::errc() || end != last || !std::isfinite(v)) return false;
      out = v;
    }
    at_ = k;
    return true;
  }

  bool boolean(bool& out) {
    skipBlanks();
    for (const auto& [word, value] :
         {std::pair{std::string_view("true"), true}, std::pair{std::string_view("false"), false}}) {
      if (text_.substr(at_).starts_with(word)) {
        at_ += word.size();
        out = value;
        return true;
      }
    }
    return false;
  }

  /// Skips the value that starts here and gives its text. Only strings and brackets are
  /// followed (with a counter, not recursion): the JSON library checks the rest when it
  /// parses the span.
  bool skipValue(std::string_view& span) {
    skipBlanks();
    const std::size_t start = at_;
    const std::string_view t = text_;
    if (at_ >= t.size()) return false;
    if (t[at_] == '"') {
      if (!skipString()) return false;
    } else if (t[at_] == '{' || t[at_] == '[') {
      std::size_t depth = 0;
      do {
        if (at_ >= t.size()) return false;
        const char c = t[at_];
        if (c == '"') {
          if (!skipString()) return false;
          continue;
        }
        if (c == '{' || c == '[') ++depth;
        if (c == '}' || c == ']') --depth;
        ++at_;
      } while (depth > 0);
    } else {
      while (at_ < t.size() && std::string_view(",]} \t\r\n").find(t[at_]) == std::string_view::npos) ++at_;
    }
    span = t.substr(start, at_ - start);
    return !span.empty();
  }

 private:
  void skipBlanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }

  bool skipString() {
    for (++at_; at_ < text_.size(); ++at_) {
      if (text_[at_] == '\\') {
        ++at_;
      } else if (text_[at_] == '"') {
        ++at_;
        return true;
      }
    }
    return false;
  }

  /// Four hex digits after "\u".
  bool hex4(std::uint32_t& code) {
    if (at_ + 4 > text_.size()) return false;
    code = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[at_++];
      const int digit = c >= '0' && c <= '9'   ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                               : -1;
      if (digit < 0) return false;
      code = code * 16 + static_cast<std::uint32_t>(digit);
    }
    return true;
  }

  /// One escape sequence (at the backslash), decoded; surrogate pairs joined as the JSON library does.
  bool escape(std::string& out) {
    if (++at_ >= text_.size()) return false;
    const char c = text_[at_++];
    switch (c) {
      case '"': out += '"'; return true;
      case '\\': out += '\\'; return true;
      case '/': out += '/'; return true;
      case 'b': out += '\b'; return true;
      case 'f': out += '\f'; return true;
      case 'n': out += '\n'; return true;
      case 'r': out += '\r'; return true;
      case 't': out += '\t'; return true;
      case 'u': break;
      default: return false;
    }
    std::uint32_t code = 0;
    if (!hex4(code)) return false;
    if (code >= 0xDC00 && code <= 0xDFFF) return false;  // a low surrogate alone
    if (code >= 0xD800 && code <= 0xDBFF) {
      std::uint32_t low = 0;
      if (at_ + 2 > text_.size() || text_[at_] != '\\' || text_[at_ + 1] != 'u') return false;
      at_ += 2;
      if (!hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
    return true;
  }

  /// One multi-byte UTF-8 sequence, copied if well formed (RFC 3629, as the JSON library checks it).
  bool utf8(std::string& out) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text_[k]); };
    const unsigned char lead = byte(at_);
    unsigned char low = 0x80, high = 0xBF;  // range of the second byte
    std::size_t length = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return false;
    }
    if (at_ + length > text_.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const unsigned char c = byte(at_ + k);
      if (c < (k == 1 ? low : 0x80) || c > (k == 1 ? high : 0xBF)) return false;
    }
    out.append(text_.data() + at_, length);
    at_ += length;
    return true;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

/// Calls field(key) for each member of the object that starts next (the scanner then stands
/// at its value, which field must read). Stops at the first outcome other than Read.
template <class Field>
Outcome members(Scanner& s, std::string& key, Field&& field) {
  if (!s.consume('{')) return Outcome::Refuse;
  if (s.consume('}')) return Outcome::Read;
  for (;;) {
    if (!s.string(key) || !s.consume(':')) return Outcome::Refuse;
    if (const Outcome outcome = field(); outcome != Outcome::Read) return outcome;
    if (s.consume(',')) continue;
    return s.consume('}') ? Outcome::Read : Outcome::Refuse;
  }
}

/// Reads the top level's blocks and connections; the parts it does not read itself go
/// through a JSON document to `reader`.
class BulkReader {
 public:
  BulkReader(Scanner& scanner, ModelReader& reader) : s_(scanner), reader_(reader) {}

  /// The "blocks" array (the scanner at its '['). False: the text is refused.
  bool blocks(std::vector<Block>& out) {
    const bool read = array([&](std::size_t index) {
      Block block;
      const std::size_t start = s_.position();
      Outcome outcome = s_.peek() == '{' ? nativeBlock(block) : Outcome::Refuse;
      if (outcome == Outcome::Document) {
        s_.rewind(start);
        Json json;
        std::optional<Block> read;
        if (document(json)) read = reader_.readBlock(json, index, "", "", 0);
        outcome = read && reader_.problems().empty() ? Outcome::Read : Outcome::Refuse;
        if (read) block = std::move(*read);
      }
      if (outcome != Outcome::Read) return false;
      out.push_back(std::move(block));
      return true;
    });
    if (!read) return false;
    NameIndex ids(out.size());  // a duplicate id is a problem
    for (std::size_t k = 0; k < out.size(); ++k)
      if (!ids.insert(out[k].id, static_cast<int>(k)).second) return false;
    return true;
  }

  /// The "connections" array (the scanner at its '['). False: the text is refused.
  bool connections(std::vector<Connection>& out) {
    return array([&](std::size_t index) {
      Connection connection;
      const std::size_t start = s_.position();
      Outcome outcome = s_.peek() == '{' ? nativeConnection(connection) : Outcome::Refuse;
      if (outcome == Outcome::Document) {
        s_.rewind(start);
        Json json;
        std::optional<Connection> read;
        if (document(json)) read = reader_.readConnection(json, index, "");
        outcome = read && reader_.problems().empty() ? Outcome::Read : Outcome::Refuse;
        if (read) connection = std::move(*read);
      }
      if (outcome != Outcome::Read) return false;
      out.push_back(std::move(connection));
      return true;
    });
  }

 private:
  /// Calls item(index) for each element of the array that starts next.
  template <class Item>
  bool array(Item&& item) {
    if (!s_.consume('[')) return false;
    if (s_.consume(']')) return true;
    for (std::size_t index = 0;; ++index) {
      if (!item(index)) return false;
      if (s_.consume(',')) continue;
      return s_.consume(']');
    }
  }

  /// The value that starts next, parsed by the JSON library. False when it does not parse.
  bool document(Json& json) {
    std::string_view span;
    if (!s_.skipValue(span)) return false;
    try {
      json = Json::parse(span);
      return true;
    } catch (const Json::exception&) {
      return false;
    }
  }

  bool point(Point& p) {
    return s_.consume('[') && s_.number(p.x) && s_.consume(',') && s_.number(p.y) && s_.consume(']');
  }

  /// A block with an id, a type, text parameters, a position, a rotation and a flip, each
  /// at most once: the form the editor writes for a library block.
  Outcome nativeBlock(Block& block) {
    enum : unsigned { kId = 1, kType = 2, kParams = 4, kPos = 8, kRotation = 16, kFlipped = 32 };
    unsigned seen = 0;
    auto once = [&](unsigned bit) {
      const bool first = (seen & bit) == 0;
      seen |= bit;
      return first;
    };
    const Outcome outcome = members(s_, key_, [&]() -> Outcome {
      if (key_ == "id" && once(kId)) return s_.string(block.id) && !block.id.empty() ? Outcome::Read : Outcome::Refuse;
      if (key_ == "type" && once(kType))
        return s_.string(block.type) && !block.type.empty() ? Outcome::Read : Outcome::Refuse;
      if (key_ == "pos" && once(kPos)) return point(block.pos) ? Outcome::Read : Outcome::Refuse;
      if (key_ == "rotation" && once(kRotation)) return s_.number(block.rotation) ? Outcome::Read : Outcome::Refuse;
      if (key_ == "flipped" && once(kFlipped)) return s_.boolean(block.flipped) ? Outcome::Read : Outcome::Refuse;
      if (key_ == "params" && once(kParams)) {
        if (s_.peek() != '{') return Outcome::Refuse;
        std::string name;
        return members(s_, name, [&]() -> Outcome {
          if (s_.peek() != '"') return Outcome::Document;  // a number or a matrix: written as text by the reader
          std::string value;
          if (!s_.string(value)) return Outcome::Refuse;
          block.params[name] = std::move(value);  // a name given twice: the last value, as in a JSON document
          return Outcome::Read;
        });
      }
      return Outcome::Document;  // a subsystem's parts, a key given twice, a key this version keeps as it is
    });
    if (outcome != Outcome::Read) return outcome;
    return (seen & kId) && (seen & kType) ? Outcome::Read : Outcome::Refuse;
  }

  /// A connection with "from", "to" and "points", each at most once.
  Outcome nativeConnection(Connection& connection) {
    enum : unsigned { kFrom = 1, kTo = 2, kPoints = 4 };
    unsigned seen = 0;
    auto once = [&](unsigned bit) {
      const bool first = (seen & bit) == 0;
      seen |= bit;
      return first;
    };
    const Outcome outcome = members(s_, key_, [&]() -> Outcome {
      if (key_ == "from" && once(kFrom)) return s_.string(connection.from) ? Outcome::Read : Outcome::Refuse;
      if (key_ == "to" && once(kTo)) return s_.string(connection.to) ? Outcome::Read : Outcome::Refuse;
      if (key_ == "points" && once(kPoints)) {
        return array([&](std::size_t) {
          Point p;
          if (!point(p)) return false;
          connection.points.push_back(p);
          return true;
        })
                   ? Outcome::Read
                   : Outcome::Refuse;
      }
      return Outcome::Document;
    });
    if (outcome != Outcome::Read) return outcome;
    return (seen & kFrom) && (seen & kTo) ? Outcome::Read : Outcome::Refuse;
  }

  Scanner& s_;
  ModelReader& reader_;
  std::string key_;
};

}  // namespace

FastModelReader::FastModelReader(std::string file) : file_(std::move(file)) {}

std::optional<Model> FastModelReader::read(std::string_view text) const {
  Scanner s(text);
  ModelReader reader(file_);
  BulkReader bulk(s, reader);
  std::vector<Block> blocks;
  std::vector<Connection> connections;
  Json rest = Json::object();  // the top level but its blocks and connections, in the order written
  std::string key;
  bool haveBlocks = false, haveConnections = false;
  if (s.peek() != '{') return std::nullopt;
  const Outcome outcome = members(s, key, [&]() -> Outcome {
    if (key == "blocks" || key == "connections") {
      bool& have = key == "blocks" ? haveBlocks : haveConnections;
      if (have || s.peek() != '[') return Outcome::Refuse;
      have = true;
      const bool read = key == "blocks" ? bulk.blocks(blocks) : bulk.connections(connections);
      return read ? Outcome::Read : Outcome::Refuse;
    }
    std::string_view span;
    if (rest.contains(key) || !s.skipValue(span)) return Outcome::Refuse;
    try {
      rest[key] = Json::parse(span);
    } catch (const Json::exception&) {
      return Outcome::Refuse;
    }
    return Outcome::Read;
  });
  if (outcome != Outcome::Read || !s.atEnd()) return std::nullopt;
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
