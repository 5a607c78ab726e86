#pragma once
// The quick way through a large `.kelvin` file: reads its bulk, the blocks and
// connections of the top level, into the Model as the JSON library parses the text
// (its SAX interface), without building a JSON document of them (that document
// costs ten times the text in memory and most of the time of reading). The rest goes
// through small JSON documents and ModelReader: the sections other than "blocks" and
// "connections" always, and any block or connection outside the common form (a
// subsystem, a key this version does not know, a key given twice, a matrix
// parameter) one at a time. A text with anything wrong anywhere (a syntax error, a
// duplicate id or section, a value of the wrong type, a problem ModelReader reports)
// is refused whole: parseModel then reads it the ordinary way and reports exactly
// what it always reported. Either way the Model is the same.

#include <optional>
#include <string>
#include <string_view>

#include "model/model.h"

namespace kelvin::core {

class FastModelReader {
 public:
  /// `file` goes into diagnostics, and component files are found relative to it.
  explicit FastModelReader(std::string file);

  /// The model `text` holds, or nullopt when this reader does not take the text
  /// (then parseModel reads it in full). Reads the model's component files, as
  /// parseModel does. Nesting is walked with explicit stacks or bounded by the
  /// subsystem depth ModelReader allows.
  std::optional<Model> read(std::string_view text) const;

 private:
  std::string file_;
};

}  // namespace kelvin::core
