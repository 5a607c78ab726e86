#include "cli/signal_selection.h"

#include <algorithm>

#include "cli/cli_error.h"
#include "model/name_index.h"

namespace kelvin::cli {

namespace {

/// Most signal names an error lists: a model of 100,000 blocks has some 500,000.
constexpr std::size_t kListedNames = 30;

/// The signals to suggest for the unknown `name`: those of its block when it has any
/// ("C9.v" → "C9.i", "C9.p"...), else the model's first; at most kListedNames, with a count
/// of the rest.
std::string suggestions(const std::string& name, const std::vector<std::string>& names) {
  const std::string block = name.substr(0, name.rfind('.') + 1);
  std::vector<const std::string*> sameBlock;
  if (!block.empty())
    for (const std::string& n : names)
      if (n.starts_with(block)) sameBlock.push_back(&n);
  std::vector<const std::string*> listed = sameBlock;
  if (listed.empty())
    for (const std::string& n : names) listed.push_back(&n);
  std::string text =
      sameBlock.empty() ? "available signals: " : "signals of " + block.substr(0, block.size() - 1) + ": ";
  if (listed.empty()) return text + "(none)";
  for (std::size_t k = 0; k < std::min(listed.size(), kListedNames); ++k) text += (k ? ", " : "") + *listed[k];
  if (listed.size() > kListedNames) text += " and " + std::to_string(listed.size() - kListedNames) + " more";
  return text;
}

}  // namespace

std::vector<std::size_t> selectSignals(const std::vector<std::string>& wanted, const std::vector<std::string>& names) {
  // A few signals of a large model (what a run usually asks for) are found by one pass over the
  // names, comparing lengths first; many (the default selection: hundreds of thousands) by a flat
  // hash index. Either way a name listed twice is found at its first place.
  constexpr std::size_t kFewSignals = 16;
  std::vector<int> found(wanted.size(), -1);
  if (wanted.size() <= kFewSignals) {
    std::size_t left = wanted.size();
    for (std::size_t k = 0; k < names.size() && left > 0; ++k)
      for (std::size_t w = 0; w < wanted.size(); ++w) {
        if (found[w] >= 0 || names[k] != wanted[w]) continue;
        found[w] = static_cast<int>(k);
        --left;
      }
  } else {
    core::NameIndex column(names.size());
    for (std::size_t k = 0; k < names.size(); ++k) column.insert(names[k], static_cast<int>(k));
    for (std::size_t w = 0; w < wanted.size(); ++w) found[w] = column.find(wanted[w]);
  }
  std::vector<std::size_t> columns;
  columns.reserve(wanted.size());
  for (std::size_t w = 0; w < wanted.size(); ++w) {
    if (found[w] < 0)
      throw CliError(kExitInvalidModel,
                     "unknown signal '" + wanted[w] + "' in --signals; " + suggestions(wanted[w], names));
    columns.push_back(static_cast<std::size_t>(found[w]));
  }
  return columns;
}

}  // namespace kelvin::cli
