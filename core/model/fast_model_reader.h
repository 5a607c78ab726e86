#pragma once
// The quick way through a large `.kelvin` file: the text is parsed by simdjson and the
// blocks and connections of the top level are read into the Model without a JSON document
// of them (nlohmann's document costs ten times the text in memory and most of the time of
// reading). Those are read On Demand: simdjson indexes the text (validating its UTF-8) and
// each value is checked as it is read, with no tape of the whole text (the DOM's tape takes
// 8 bytes per byte of text: 280 MB for a 100,000-section ladder, which a run's heap then
// keeps). The rest goes through small simdjson DOMs of their own text, small nlohmann
// documents and ModelReader: the sections other than "blocks" and "connections" always,
// and any block or connection outside the common form (a subsystem, a key this version
// does not know, a key given twice, a parameter that is not a string) one at a time. A
// text with anything wrong anywhere (a syntax error, text after the model, a duplicate id
// or section, a value of the wrong type, a number that does not fit a double, a problem
// ModelReader reports) is refused whole: parseModel then reads it the ordinary way
// (nlohmann-json) and reports exactly what it always reported, line and column included.
// Either way the Model is the same.

#include <optional>
#include <string>

#include "model/model.h"

namespace kelvin::core {

class FastModelReader {
 public:
  /// `file` goes into diagnostics, and component files are found relative to it.
  explicit FastModelReader(std::string file);

  /// The model `text` holds, or nullopt when this reader does not take the text
  /// (then parseModel reads it in full). Reads the model's component files, as
  /// parseModel does. Nesting is walked with explicit stacks or bounded by the
  /// subsystem depth ModelReader allows. The text is parsed where it lies when it has
  /// kInputFilePadding bytes of capacity to spare (readInputFile leaves them), else copied.
  std::optional<Model> read(const std::string& text) const;

 private:
  std::string file_;
};

}  // namespace kelvin::core
