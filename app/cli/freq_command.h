#pragma once
// `kelvin-cli freq MODEL.kelvin [--at T] [--fmin F1 --fmax F2 --points N] [--linear]
//  [--w1 k --w2 m] [--kind bode|nyquist|mikhailov] [--out F.csv]`: the frequency
// response of the model identified at time T, as CSV `freq_hz,re,im,mag_db,phase_deg`
// (phase unwrapped). bode and nyquist write the ratio W_k/W_m (k = m: plain W_k);
// mikhailov writes det([ω] − A). Frequencies where the value does not exist (a pole
// on the axis) are left out with a warning on stderr.

#include "cli/command.h"

namespace kelvin::cli {

class FreqCommand : public Command {
 public:
  std::string name() const override { return "freq"; }
  std::string synopsis() const override { return "MODEL.kelvin [options]"; }
  std::string summary() const override;
  std::vector<OptionSpec> options() const override;
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
