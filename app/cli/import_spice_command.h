#pragma once
// `kelvin-cli import-spice NETLIST.cir [--out M.kelvin]`: translates a SPICE
// netlist into a Kelvin model (core/import/spice_importer.h) and writes it to
// stdout or, atomically, to --out. Lines that are not translated are reported
// on stderr as `warning: file:line: message`; a malformed line exits 2 with
// `file:line: message`, and so does a translated model that does not validate.

#include "cli/command.h"

namespace kelvin::cli {

class ImportSpiceCommand : public Command {
 public:
  std::string name() const override { return "import-spice"; }
  std::string synopsis() const override { return "NETLIST.cir [--out M.kelvin]"; }
  std::string summary() const override;
  std::vector<OptionSpec> options() const override;
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
