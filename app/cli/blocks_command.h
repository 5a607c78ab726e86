#pragma once
// `kelvin-cli blocks [--format list|markdown|qt-strings]`: the component
// library from its declarations — the type names (list, the default), the
// reference manual (markdown: docs/library.md) or the translatable texts for
// lupdate (qt-strings: gui/i18n/library_strings.cpp).

#include "cli/command.h"

namespace kelvin::cli {

class BlocksCommand : public Command {
 public:
  std::string name() const override { return "blocks"; }
  std::string synopsis() const override { return "[--format list|markdown|qt-strings]"; }
  std::string summary() const override;
  std::vector<OptionSpec> options() const override;
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
