#include "model/fast_model_reader.h"

#include <utility>
#include <vector>

#include "model/model_reader.h"
#include "model/name_index.h"

namespace kelvin::core {

namespace {

/// Receives the JSON library's parse events (its SAX interface: the library's own grammar,
/// UTF-8 checks, escapes and number conversion) and fills the top level's blocks and
/// connections straight from them. What it does not read itself it collects as JSON
/// documents: every top-level section but "blocks" and "connections" (for ModelReader::read),
/// and any block or connection outside the editor's form (for ModelReader::readBlock and
/// readConnection), switching to a document in mid-object with the members read so far.
/// A value of the wrong type, a duplicate id or a problem ModelReader reports refuses the
/// whole text (an event handler returning false stops the parse).
class BulkHandler : public nlohmann::json_sax<Json> {
 public:
  explicit BulkHandler(ModelReader& reader) : reader_(reader) {}

  bool finished() const { return where_ == Where::Done; }

  Json rest = Json::object();  // the top level but its blocks and connections, in the order written
  std::vector<Block> blocks;
  std::vector<Connection> connections;

  bool null() override { return where_ == Where::Document && value(Json(nullptr)); }
  bool boolean(bool b) override {
    switch (where_) {
      case Where::Document: return value(Json(b));
      case Where::Block: return member(kFlipped) && (block_.flipped = b, true);
      case Where::Params: return parameter(Json(b));
      default: return false;
    }
  }
  bool number_integer(number_integer_t n) override { return number(static_cast<double>(n), Json(n)); }
  bool number_unsigned(number_unsigned_t n) override { return number(static_cast<double>(n), Json(n)); }
  bool number_float(number_float_t x, const string_t&) override { return number(x, Json(x)); }
  bool string(string_t& s) override {
    switch (where_) {
      case Where::Document: return value(Json(std::move(s)));
      case Where::Params:
        block_.params[parameter_] = std::move(s);
        return true;  // a name twice: the last, as in a document
      case Where::Block:
        if (s.empty()) return false;
        if (keyBit_ == kId) return member(kId) && (block_.id = std::move(s), true);
        return member(kType) && (block_.type = std::move(s), true);
      case Where::Connection:
        if (keyBit_ == kFrom) return member(kFrom) && (connection_.from = std::move(s), true);
        return member(kTo) && (connection_.to = std::move(s), true);
      default: return false;
    }
  }
  bool binary(binary_t&) override { return false; }

  bool key(string_t& k) override {
    switch (where_) {
      case Where::Top:
        if (k == "blocks" || k == "connections") {
          key_ = std::move(k);
          return true;
        }
        if (rest.contains(k)) return false;  // a section given twice: the ordinary way says what it makes of it
        documentFor_ = Where::Top;
        section_ = std::move(k);
        where_ = Where::Document;
        return true;
      case Where::Block:
      case Where::Connection:
        keyBit_ = bitOf(k);
        if ((keyBit_ & (where_ == Where::Block ? kBlockMembers : kConnectionMembers)) && !(seen_ & keyBit_))
          return true;
        where_ == Where::Block ? startBlockDocument(false) : startConnectionDocument();
        break;
      case Where::Params: parameter_ = std::move(k); return true;
      case Where::Document: break;
      default: return false;
    }
    pendingKey_ = std::move(k);
    return true;
  }

  bool start_object(std::size_t) override {
    if (++depth_ > kMaxJsonDepth) return false;  // parseModel reports it the ordinary way
    switch (where_) {
      case Where::Start: where_ = Where::Top; return true;
      case Where::Blocks:
        block_ = Block();
        seen_ = 0;
        where_ = Where::Block;
        return true;
      case Where::Connections:
        connection_ = Connection();
        seen_ = 0;
        where_ = Where::Connection;
        return true;
      case Where::Block:
        if (!member(kParams)) return false;
        where_ = Where::Params;
        return true;
      case Where::Document: return container(Json::object());
      default: return false;
    }
  }
  bool end_object() override {
    --depth_;
    switch (where_) {
      case Where::Top: where_ = Where::Done; return true;
      case Where::Params: where_ = Where::Block; return true;
      case Where::Block: return finishBlock(std::move(block_), (seen_ & kId) && (seen_ & kType));
      case Where::Connection:
        if (!(seen_ & kFrom) || !(seen_ & kTo)) return false;
        connections.push_back(std::move(connection_));
        where_ = Where::Connections;
        return true;
      case Where::Document: return close();
      default: return false;
    }
  }
  bool start_array(std::size_t) override {
    if (++depth_ > kMaxJsonDepth) return false;
    switch (where_) {
      case Where::Top:
        if (key_ == "blocks" && !haveBlocks_) return haveBlocks_ = true, where_ = Where::Blocks, true;
        if (key_ == "connections" && !haveConnections_)
          return haveConnections_ = true, where_ = Where::Connections, true;
        return false;
      case Where::Block: return member(kPos) && startPoint(&block_.pos, Where::Block);
      case Where::Params:  // a vector or a matrix: ModelReader writes it as text
        startBlockDocument(true);
        return container(Json::array());
      case Where::Connection:
        if (!member(kPoints)) return false;
        where_ = Where::Points;
        return true;
      case Where::Points:
        connection_.points.emplace_back();
        return startPoint(&connection_.points.back(), Where::Points);
      case Where::Document: return container(Json::array());
      default: return false;
    }
  }
  bool end_array() override {
    --depth_;
    switch (where_) {
      case Where::Blocks:
      case Where::Connections: where_ = Where::Top; return true;
      case Where::Point:
        if (coordinates_ != 2) return false;
        where_ = pointOwner_;
        return true;
      case Where::Points: where_ = Where::Connection; return true;
      case Where::Document: return close();
      default: return false;
    }
  }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  /// Where in the text the next event stands.
  enum class Where { Start, Top, Blocks, Block, Params, Connections, Connection, Points, Point, Document, Done };
  enum : unsigned {
    kId = 1,
    kType = 2,
    kParams = 4,
    kPos = 8,
    kRotation = 16,
    kFlipped = 32,
    kFrom = 64,
    kTo = 128,
    kPoints = 256
  };

  static unsigned bitOf(std::string_view k) {
    using namespace std::string_view_literals;  // compared by length first
    for (auto [name, bit] : {std::pair{"id"sv, kId},
                             {"type", kType},
                             {"params", kParams},
                             {"pos", kPos},
                             {"rotation", kRotation},
                             {"flipped", kFlipped},
                             {"from", kFrom},
                             {"to", kTo},
                             {"points", kPoints}})
      if (k == name) return bit;
    return 0;
  }
  static constexpr unsigned kBlockMembers = kId | kType | kParams | kPos | kRotation | kFlipped;
  static constexpr unsigned kConnectionMembers = kFrom | kTo | kPoints;

  /// Marks the member whose value is being read; false when `bit` is not the key's (a value of the wrong type).
  bool member(unsigned bit) {
    if (keyBit_ != bit) return false;
    seen_ |= bit;
    return true;
  }

  bool number(double x, Json asJson) {
    switch (where_) {
      case Where::Document: return value(std::move(asJson));
      case Where::Params: return parameter(asJson);
      case Where::Block: return member(kRotation) && (block_.rotation = x, true);
      case Where::Point:
        if (coordinates_ == 2) return false;
        (coordinates_++ == 0 ? point_->x : point_->y) = x;
        return true;
      default: return false;
    }
  }
  /// A parameter written as a number or true/false: its text as ModelReader writes it.
  bool parameter(const Json& value) {
    block_.params[parameter_] = value.dump();
    return true;
  }
  bool startPoint(Point* p, Where owner) {
    point_ = p;
    pointOwner_ = owner;
    coordinates_ = 0;
    where_ = Where::Point;
    return true;
  }

  bool finishBlock(Block block, bool complete) {
    if (!complete) return false;
    blocks.push_back(std::move(block));
    where_ = Where::Blocks;
    return true;
  }

  /// The block read so far becomes a document (what ModelReader::readBlock reads it from);
  /// `inParams`: the next event is inside its "params", for parameter parameter_.
  void startBlockDocument(bool inParams) {
    document_ = Json::object();
    if (seen_ & kId) document_["id"] = block_.id;
    if (seen_ & kType) document_["type"] = block_.type;
    if (seen_ & kParams) {
      Json& params = document_["params"] = Json::object();
      for (const auto& [name, text] : block_.params) params[name] = text;  // a number's text reads back as it
    }
    if (seen_ & kPos) document_["pos"] = Json::array({block_.pos.x, block_.pos.y});
    if (seen_ & kRotation) document_["rotation"] = block_.rotation;
    if (seen_ & kFlipped) document_["flipped"] = block_.flipped;
    open_ = {&document_};
    if (inParams) {
      open_.push_back(&document_["params"]);
      pendingKey_ = parameter_;
    }
    documentFor_ = Where::Blocks;
    where_ = Where::Document;
  }
  void startConnectionDocument() {
    document_ = Json::object();
    if (seen_ & kFrom) document_["from"] = connection_.from;
    if (seen_ & kTo) document_["to"] = connection_.to;
    if (seen_ & kPoints) {
      Json& points = document_["points"] = Json::array();
      for (const Point& p : connection_.points) points.push_back(Json::array({p.x, p.y}));
    }
    open_ = {&document_};
    documentFor_ = Where::Connections;
    where_ = Where::Document;
  }

  /// A scalar in the document being built.
  bool value(Json v) {
    if (open_.empty()) {
      document_ = std::move(v);
      return documentDone();
    }
    insert(std::move(v));
    return true;
  }
  /// An object or array opening in the document being built.
  bool container(Json c) {
    open_.push_back(open_.empty() ? &(document_ = std::move(c)) : insert(std::move(c)));
    return true;
  }
  Json* insert(Json v) {
    Json& parent = *open_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(v));
      return &parent.back();
    }
    Json& slot = parent[pendingKey_];  // a key given twice: the last value, in the first place, as in a document
    slot = std::move(v);
    return &slot;
  }
  bool close() {
    open_.pop_back();
    return open_.empty() ? documentDone() : true;
  }
  /// The document is complete: hand it to its reader.
  bool documentDone() {
    where_ = documentFor_;
    if (documentFor_ == Where::Top) {
      rest[section_] = std::move(document_);
      return true;
    }
    if (documentFor_ == Where::Blocks) {
      std::optional<Block> block = reader_.readBlock(document_, blocks.size(), "", "", 0);
      return block && reader_.problems().empty() && finishBlock(std::move(*block), true);
    }
    std::optional<Connection> connection = reader_.readConnection(document_, connections.size(), "");
    if (!connection || !reader_.problems().empty()) return false;
    connections.push_back(std::move(*connection));
    return true;
  }

  ModelReader& reader_;
  Where where_ = Where::Start;
  std::size_t depth_ = 0;  // of the arrays and objects open
  std::string key_;        // the section of the top level whose value comes next
  unsigned keyBit_ = 0;    // the member of a block or a connection whose value comes next (0: another key)
  std::string parameter_;  // the parameter whose value comes next
  unsigned seen_ = 0;      // the members of the current block or connection read so far
  Block block_;
  Connection connection_;
  Point* point_ = nullptr;
  Where pointOwner_ = Where::Block;
  int coordinates_ = 0;
  bool haveBlocks_ = false;
  bool haveConnections_ = false;
  // The document being built, its open objects and arrays (innermost last), and whose it is.
  Json document_;
  std::vector<Json*> open_;
  std::string pendingKey_;
  std::string section_;
  Where documentFor_ = Where::Top;
};

}  // namespace

FastModelReader::FastModelReader(std::string file) : file_(std::move(file)) {}

std::optional<Model> FastModelReader::read(std::string_view text) const {
  ModelReader reader(file_);
  BulkHandler handler(reader);
  if (!Json::sax_parse(text.begin(), text.end(), &handler) || !handler.finished()) return std::nullopt;
  NameIndex ids(handler.blocks.size());  // a duplicate id is the ordinary way's to report
  for (std::size_t k = 0; k < handler.blocks.size(); ++k)
    if (!ids.insert(handler.blocks[k].id, static_cast<int>(k)).second) return std::nullopt;
  try {
    Model model = reader.read(handler.rest);
    model.blocks = std::move(handler.blocks);
    model.connections = std::move(handler.connections);
    return model;
  } catch (const ModelError&) {
    return std::nullopt;
  }
}

}  // namespace kelvin::core
