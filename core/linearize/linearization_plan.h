#pragma once
// How a hybrid model is cut for linearisation (DESIGN.md, "ABCD identification"):
// every memory element becomes a generator (a coordinate q_i, read by the rest of
// the model as an independent value) and a receiver (what the element takes in):
//
//   1/s  a continuous state x: receiver ẋ, from the DAE's rows solved for ẋ
//        (E = ∂F/∂ẋ has full column rank for index 1);
//   1/z  a discrete value a clock assigns (UnitDelay's output): receiver the value
//        the update would assign, with a value sampled at the same tick (UnitDelay's
//        `held`) replaced by what it samples (a "sampler"), so y[k+1] = u[k] is one 1/z row;
//   S&H  a value sampled at a tick and held (ZeroOrderHold): receiver what it samples;
//   1/e  a transport delay's output: receiver the delay line's input;
//   (a discrete value that only ever takes fixed values, a mode flag such as a clutch's
//   `locked`, is a constant of the linearisation and no coordinate)
//   =0   an algebraic unknown: receiver the residual of an equation matched to it.
//
// The inputs u are the analysis.Inp's own discrete value (when the model has the
// marker) and then every noise source (FlatSystem::noiseSources, in order): the
// noise enters the same combined matrix as the marked input does. The outputs are
// given (the analysis.Out probes for ABCD, the noise sensors for noise).
//
// The plan is built once per compiled model and output list; a Linearization
// evaluates it at an operating point. It keeps copies of what it needs (no
// reference to the DaeSystem).

#include <string>
#include <vector>

#include "expr/tape.h"
#include "linearize/abcd_matrix.h"
#include "linearize/tape_jacobian.h"
#include "solve/dae_system.h"

namespace kelvin::core {

/// An output of a linearisation: a value over the model's leaves.
struct LinearOutput {
  std::string name;    // "Out1", "NS.y"
  std::string signal;  // the signal it reads ("W1.y"); the name again where it is one
  Expr value;
};

class LinearizationPlan {
 public:
  /// Where a leaf goes among the columns of [A B]: a coordinate (≥ 0), an input
  /// (coordinateCount() + its index), a constant, or a sampler.
  static constexpr int kConstant = -1;
  static constexpr int kSampler = -2;

  /// A value sampled at a tick and read by a plain update of it (a UnitDelay's `held`).
  struct Sampler {
    int discrete;
    int tape;
    std::string name;
  };

  /// Classifies the coordinates and compiles every row's expression. `dae` is observed during
  /// construction only; `file` names the model in diagnostics.
  LinearizationPlan(const DaeSystem& dae, std::string file, std::vector<LinearOutput> outputs);

  /// The analysis.Out marker's probes `<Out>.u1..uN` as outputs "Out1".."OutN".
  static std::vector<LinearOutput> markerOutputs(const FlatSystem& flat);

  const std::string& file() const { return file_; }
  const LeafSpace& space() const { return space_; }
  /// Equations (0..n−1), then receivers, samplers and outputs.
  const std::vector<Tape>& tapes() const { return tapes_; }
  const std::vector<AbcdRow>& rows() const { return rows_; }
  int coordinateCount() const { return size_; }
  /// The analysis.Inp column first when there is one (markerInputs() = 1), then the noise sources.
  int inputCount() const { return static_cast<int>(inputNames_.size()); }
  int markerInputs() const { return markerInput_.empty() ? 0 : 1; }
  const std::vector<std::string>& inputNames() const { return inputNames_; }
  /// The signal the analysis.Inp perturbs ("Inp1.y"), empty without one.
  const std::string& markerInput() const { return markerInput_; }
  const std::vector<LinearOutput>& outputs() const { return outputs_; }
  int outputTape(int k) const { return outputTapes_[static_cast<std::size_t>(k)]; }

  /// Per coordinate: the tape of its receiver (−1 for 1/s and =0 rows).
  int receiverTape(int coordinate) const { return receiverTape_[static_cast<std::size_t>(coordinate)]; }
  int columnOfUnknown(int i) const { return columnOfUnknown_[static_cast<std::size_t>(i)]; }
  int columnOfDiscrete(int k) const { return columnOfDiscrete_[static_cast<std::size_t>(k)]; }
  int columnOfDelay(int l) const { return columnOfDelay_[static_cast<std::size_t>(l)]; }
  /// Unknown indices of the states and of the algebraic unknowns, in coordinate order.
  const std::vector<int>& states() const { return states_; }
  const std::vector<int>& algebraic() const { return algebraic_; }
  /// Per coordinate: its index in states() or algebraic(), else −1.
  int member(int coordinate) const { return member_[static_cast<std::size_t>(coordinate)]; }
  const std::vector<Sampler>& samplers() const { return samplers_; }
  /// The index in samplers() of discrete value k, or −1.
  int samplerOf(int discrete) const;

 private:
  std::string file_;
  LeafSpace space_;
  std::vector<Tape> tapes_;
  std::vector<AbcdRow> rows_;
  std::vector<int> receiverTape_;
  std::vector<int> columnOfUnknown_, columnOfDiscrete_, columnOfDelay_;
  std::vector<int> states_, algebraic_, member_;
  std::vector<Sampler> samplers_;
  std::vector<int> outputTapes_;
  std::vector<LinearOutput> outputs_;
  std::vector<std::string> inputNames_;
  std::string markerInput_;
  int size_ = 0;
};

}  // namespace kelvin::core
