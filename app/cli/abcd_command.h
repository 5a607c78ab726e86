#pragma once
// `kelvin-cli abcd MODEL.kelvin [--at T] [--reduced] [--delta D] [--format json|csv|m] [--out F]`:
// the combined ABCD matrix of the model at time T in the K2 layout (rows labelled
// 1/z, 1/e, 1/s, S&H, =0; outputs Out1..OutN), with the eigenvalues of the reduced
// A and the finite-difference cross-check.

#include "cli/command.h"

namespace kelvin::cli {

class AbcdCommand : public Command {
 public:
  std::string name() const override { return "abcd"; }
  std::string synopsis() const override { return "MODEL.kelvin [options]"; }
  std::string summary() const override;
  std::vector<OptionSpec> options() const override;
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
