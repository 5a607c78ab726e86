#include "import/spice_deck.h"

#include <filesystem>
#include <sstream>

#include "model/diagnostic.h"

namespace kelvin::core {

namespace {

/// Most files an include may be nested in: deeper is surely a loop the names do not show.
constexpr std::size_t kMaxIncludeDepth = 32;

[[noreturn]] void fail(const SpiceCard& card, const std::string& including, const std::string& message) {
  Diagnostic d;
  d.file = including + ":" + std::to_string(card.line);
  d.message = message;
  throw ModelError(d);
}

/// The second word of the card as written (a path keeps its case), without quotes.
std::string pathOf(const SpiceCard& card) {
  std::istringstream words(card.text);
  std::string command, path;
  words >> command >> path;
  if (path.size() >= 2 && (path.front() == '"' || path.front() == '\'') && path.back() == path.front())
    path = path.substr(1, path.size() - 2);
  return path;
}

class DeckReader {
 public:
  explicit DeckReader(const SpiceFileReader& reader) : reader_(reader) {}

  /// Appends the cards of `cards` (read from `file`) to out_, splicing includes in.
  void splice(const std::vector<SpiceCard>& cards, const std::string& file, const std::string& shownAs) {
    for (SpiceCard card : cards) {
      if (card.file.empty() && !shownAs.empty()) card.file = shownAs;
      const std::string& command = card.command();
      const bool include = command == ".include" || command == ".inc";
      const bool library = command == ".lib" && card.fields.size() >= 2;
      if (!include && !library) {
        out_.push_back(std::move(card));
        continue;
      }
      const std::string origin = card.file.empty() ? file : card.file;
      const std::string path = pathOf(card);
      if (path.empty()) fail(card, origin, command + " needs a file name");
      const std::filesystem::path base = std::filesystem::path(file).parent_path();
      const std::string resolved =
          std::filesystem::path(path).is_absolute() ? path : (base / path).lexically_normal().string();
      std::string chain;
      for (const std::string& open : open_) chain += open + " → ";
      for (const std::string& open : open_)
        if (open == resolved) fail(card, origin, "recursive " + command + ": " + chain + resolved);
      if (open_.size() >= kMaxIncludeDepth) fail(card, origin, command + " nested more than 32 files deep");
      const InputFileText file = reader_(resolved);
      if (!file.text) fail(card, origin, "cannot read '" + resolved + "': " + file.error);
      std::vector<SpiceCard> included = readSpiceCards(*file.text, false);
      if (library && card.fields.size() >= 3) included = section(included, card, origin, resolved, card.fields[2]);
      open_.push_back(resolved);
      splice(included, resolved, resolved);
      open_.pop_back();
    }
  }

  std::vector<SpiceCard> take() { return std::move(out_); }
  void open(const std::string& file) { open_.push_back(file); }

 private:
  static std::vector<SpiceCard> section(const std::vector<SpiceCard>& cards, const SpiceCard& at,
                                        const std::string& origin, const std::string& file, const std::string& name) {
    std::vector<SpiceCard> kept;
    bool inside = false, found = false;
    for (const SpiceCard& card : cards) {
      if (card.command() == ".lib" && card.fields.size() == 2 && card.fields[1] == name) {
        inside = found = true;
      } else if (card.command() == ".endl") {
        inside = false;
      } else if (inside) {
        kept.push_back(card);
      }
    }
    if (!found) fail(at, origin, "no section '" + name + "' in '" + file + "'");
    return kept;
  }

  const SpiceFileReader& reader_;
  std::vector<std::string> open_;  // the files being read, outermost first
  std::vector<SpiceCard> out_;
};

}  // namespace

InputFileText readSpiceFile(const std::string& path) { return readInputFile(path); }

std::vector<SpiceCard> readSpiceDeck(std::string_view text, const std::string& fileName,
                                     const SpiceFileReader& reader) {
  DeckReader deck(reader);
  deck.open(std::filesystem::path(fileName).lexically_normal().string());
  deck.splice(readSpiceCards(text), fileName, "");
  return deck.take();
}

}  // namespace kelvin::core
