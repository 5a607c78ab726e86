#pragma once
// `kelvin-cli partition MODEL.kelvin [--freq f1,f2] [--z0 Z]`: the linear and
// nonlinear portions of the model's physical network as JSON {"portions":
// [{"linear", "elements", "ports", "storage_elements", "equations", ...,
// "noise_correlation": {"ports", "values": [{"frequency_hz", "reference_impedance",
// "real", "imag", "scattering"}], "note"}}]}: each portion with ports has its
// noise-wave correlation C_s = kT(I − S·S†) at each frequency, or a note saying why
// Bosma's theorem does not give it (core/run/partition_analysis.h).

#include "cli/command.h"

namespace kelvin::cli {

class PartitionCommand : public Command {
 public:
  std::string name() const override { return "partition"; }
  std::string synopsis() const override { return "MODEL.kelvin [options]"; }
  std::string summary() const override { return "print the linear and nonlinear portions of the network as JSON"; }
  std::vector<OptionSpec> options() const override;
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
