#include "linearize/linearization_plan.h"

#include <algorithm>
#include <unordered_set>

namespace kelvin::core {

namespace {

constexpr const char* kInputMarker = "analysis.Inp";
constexpr const char* kOutputMarker = "analysis.Out";

/// The indices of the discrete values `e` reads.
std::vector<int> discretesIn(const ExprPool& pool, Expr e) {
  std::vector<int> found;
  std::unordered_set<std::uint32_t> seen;
  std::vector<std::uint32_t> stack{e.id()};
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    if (!seen.insert(id).second) continue;
    const ExprNode& n = pool.node(id);
    if (n.op == Op::Discrete) found.push_back(n.index);
    const int k = operandCount(n.op);
    if (k > 0) stack.push_back(n.a);
    if (k > 1) stack.push_back(n.b);
    if (k > 2) stack.push_back(n.c);
  }
  return found;
}

/// True when e can only take a few fixed values (a constant, a relation, a choice between
/// such): a mode flag such as a clutch's `locked`, whose linearisation is a constant.
bool piecewiseConstant(Expr e) {
  const ExprNode& n = e.node();
  if (n.op == Op::Constant || isRelation(n.op)) return true;
  if (n.op != Op::IfThenElse) return false;
  return piecewiseConstant(Expr(e.pool(), n.b)) && piecewiseConstant(Expr(e.pool(), n.c));
}

/// The name of a signal listed by default whose value is `value` (the output driving a probe), or `fallback`.
std::string driverName(const FlatSystem& flat, Expr value, const std::string& fallback) {
  for (const FlatSignal& s : flat.signals)
    if (s.listedByDefault && s.value == value) return s.name;
  return fallback;
}

std::string blockId(const FlatSystem& flat, int block) { return block >= 0 ? flat.blocks[block].id : std::string(); }

}  // namespace

std::vector<LinearOutput> LinearizationPlan::markerOutputs(const FlatSystem& flat) {
  std::vector<LinearOutput> outputs;
  for (const FlatBlock& block : flat.blocks) {
    if (block.type != kOutputMarker) continue;
    for (int k = 1;; ++k) {
      const std::string probe = block.id + ".u" + std::to_string(k);
      auto s = std::find_if(flat.signals.begin(), flat.signals.end(), [&](const FlatSignal& f) { return f.name == probe; });
      if (s == flat.signals.end()) break;
      outputs.push_back({"Out" + std::to_string(k), driverName(flat, s->value, probe), s->value});
    }
  }
  return outputs;
}

LinearizationPlan::LinearizationPlan(const DaeSystem& dae, std::string file, std::vector<LinearOutput> outputs)
    : file_(std::move(file)), outputs_(std::move(outputs)) {
  const FlatSystem& flat = dae.flat();
  const int n = dae.size();
  const int nd = static_cast<int>(flat.discretes.size());
  space_ = {n, nd, dae.delayCount()};
  for (int e = 0; e < n; ++e) tapes_.push_back(dae.equationTape(e));

  int inputDiscrete = -1;
  for (int k = 0; k < nd; ++k) {
    const int block = flat.discretes[k].block;
    if (block >= 0 && flat.blocks[block].type == kInputMarker) {
      inputDiscrete = k;
      markerInput_ = flat.blocks[block].id + ".y";
    }
  }
  // What the clocks assign: plain updates make 1/z coordinates; sampling updates
  // make S&H coordinates, or samplers when a plain update reads what they sampled.
  std::vector<const FlatClockUpdate*> plain(nd, nullptr), sample(nd, nullptr);
  std::vector<double> period(nd, 0.0);
  std::vector<bool> readByPlain(nd, false), mode(nd, true);
  for (const FlatClock& clock : flat.clocks)
    for (const FlatClockUpdate& u : clock.updates) {
      mode[u.discrete] = mode[u.discrete] && piecewiseConstant(u.value);
      (u.sample ? sample : plain)[u.discrete] = &u;
      period[u.discrete] = clock.trigger.valid() ? 0.0 : clock.period;
      if (!u.sample)
        for (int read : discretesIn(*flat.pool, u.value)) readByPlain[read] = true;
    }

  columnOfUnknown_.assign(n, kConstant);
  columnOfDiscrete_.assign(nd, kConstant);
  columnOfDelay_.assign(space_.delays, kConstant);
  auto addRow = [&](RowKind kind, std::string name, double t, Expr receiver, std::string block) {
    rows_.push_back({kind, std::move(name), t, std::move(block)});
    receiverTape_.push_back(receiver.valid() ? static_cast<int>(tapes_.size()) : -1);
    if (receiver.valid()) tapes_.push_back(dae.compile(receiver));
    member_.push_back(-1);
    return size_++;
  };
  for (int k = 0; k < nd; ++k)
    if (mode[k]) plain[k] = sample[k] = nullptr;  // a mode flag: constant in the linearisation
  for (int k = 0; k < nd; ++k)
    if (plain[k])
      columnOfDiscrete_[k] = addRow(RowKind::UnitDelay, flat.discretes[k].name, period[k], plain[k]->value,
                                    blockId(flat, flat.discretes[k].block));
  for (int l = 0; l < space_.delays; ++l) {
    const FlatDelay& d = flat.delays[l];
    const std::string owner = d.block >= 0 ? flat.blocks[d.block].id : "delay " + std::to_string(l + 1);
    columnOfDelay_[l] = addRow(RowKind::TransportDelay, owner + ".delayed", d.delay, d.input, blockId(flat, d.block));
  }
  for (int i = 0; i < n; ++i)
    if (dae.isState(i)) {
      columnOfUnknown_[i] = addRow(RowKind::Integrator, flat.unknowns[i].name, 0.0, {}, blockId(flat, flat.unknowns[i].block));
      member_[columnOfUnknown_[i]] = static_cast<int>(states_.size());
      states_.push_back(i);
    }
  for (int k = 0; k < nd; ++k) {
    if (plain[k] || !sample[k]) continue;
    if (readByPlain[k]) {
      columnOfDiscrete_[k] = kSampler;
      samplers_.push_back({k, static_cast<int>(tapes_.size()), flat.discretes[k].name});
      tapes_.push_back(dae.compile(sample[k]->value));
    } else {
      columnOfDiscrete_[k] = addRow(RowKind::SampleHold, flat.discretes[k].name, period[k], sample[k]->value,
                                    blockId(flat, flat.discretes[k].block));
    }
  }
  for (int i = 0; i < n; ++i)
    if (!dae.isState(i)) {
      columnOfUnknown_[i] = addRow(RowKind::Algebraic, flat.unknowns[i].name, 0.0, {}, blockId(flat, flat.unknowns[i].block));
      member_[columnOfUnknown_[i]] = static_cast<int>(algebraic_.size());
      algebraic_.push_back(i);
    }
  if (inputDiscrete >= 0) {
    columnOfDiscrete_[inputDiscrete] = size_;
    inputNames_.push_back(markerInput_);
  }
  for (const FlatNoiseSource& source : flat.noiseSources) {
    columnOfDiscrete_[source.discrete] = size_ + static_cast<int>(inputNames_.size());
    inputNames_.push_back(source.name);
  }
  for (const LinearOutput& o : outputs_) {
    outputTapes_.push_back(static_cast<int>(tapes_.size()));
    tapes_.push_back(dae.compile(o.value));
  }
}

int LinearizationPlan::samplerOf(int discrete) const {
  for (std::size_t s = 0; s < samplers_.size(); ++s)
    if (samplers_[s].discrete == discrete) return static_cast<int>(s);
  return -1;
}

}  // namespace kelvin::core
