// Free ends, as Modelica users expect them: a mechanical flange left
// unconnected carries no force or torque, so the examples everyone writes (a
// mass on a spring with its other flange free, two shafts joined by a clutch
// with their outer flanges free) validate without errors and simulate to
// their closed forms, computed here independently of the engine.

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>

#include "model/model_file.h"
#include "model/model_validator.h"
#include "support/simulation_trace.h"

using namespace kelvin;
using test::Trace;

namespace {

core::Model parse(const std::string& settings, const std::string& blocks, const std::string& connections) {
  return core::parseModel(R"({"format": "kelvin-model", "version": 1, "name": "m", "settings": )" + settings +
                              R"(, "blocks": )" + blocks + R"(, "connections": )" + connections + "}",
                          "m");
}

/// The free ends validation reports (information), as "block.port", sorted; fails on any error or warning.
QStringList freeEnds(const core::Model& model) {
  QStringList free;
  for (const core::Diagnostic& d : core::validateModel(model, test::library(), "m.kelvin")) {
    if (d.severity != core::Severity::Info) {
      qWarning("unexpected %s: %s", core::severityName(d.severity), d.toString().c_str());
      return {"unexpected " + QString::fromStdString(d.toString())};
    }
    free << QString::fromStdString(d.blockId + "." + d.port);
  }
  free.sort();
  return free;
}

}  // namespace

class TestFreeEnds : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // m·x'' + d·x' + k·x = 0 released from x0 = s0 at rest, the mass's flange b free:
  // x = x0·e^{−αt}·(cos ω_d t + (α/ω_d)·sin ω_d t), α = d/2m, ω_d = √(k/m − α²).
  // The mass's position readout and the spring's stretch both follow it.
  void massSpringDamperWithAFreeFlange() {
    const double m = 0.7, k = 45.0, d = 0.9, x0 = 0.1;
    const core::Model model = parse(
        R"({"stop_time": "6", "solver": "ida", "rtol": 1e-10, "atol": 1e-14, "step": "0.01"})",
        R"([{"id": "Wall", "type": "translational.Fixed"},
            {"id": "S", "type": "translational.Spring", "params": {"k": "45", "s0": "0.1"}},
            {"id": "D", "type": "translational.Damper", "params": {"d": "0.9"}},
            {"id": "M", "type": "translational.Mass", "params": {"m": "0.7", "x0": "0.1"}}])",
        R"([{"from": "S.a", "to": "M.a"}, {"from": "D.a", "to": "M.a"},
            {"from": "S.b", "to": "Wall.a"}, {"from": "D.b", "to": "Wall.a"}])");
    QCOMPARE(freeEnds(model), QStringList{"M.b"});
    const Trace trace = test::simulateModel(model);
    QCOMPARE(trace.time.back(), 6.0);
    const double alpha = d / (2.0 * m), wd = std::sqrt(k / m - alpha * alpha);
    double worstX = 0.0, worstS = 0.0, worstV = 0.0;
    for (std::size_t i = 0; i < trace.time.size(); ++i) {
      const double t = trace.time[i], decay = std::exp(-alpha * t);
      const double x = x0 * decay * (std::cos(wd * t) + alpha / wd * std::sin(wd * t));
      const double v = -x0 * decay * (k / m) / wd * std::sin(wd * t);
      worstX = std::max(worstX, std::abs(trace["M.x"][i] - x));
      worstS = std::max(worstS, std::abs(trace["S.s_rel"][i] - x));
      worstV = std::max(worstV, std::abs(trace["M.v"][i] - v));
    }
    qInfo("free-flange mass-spring-damper: max |x - exact|/x0 = %.3g, |s - exact|/x0 = %.3g, |v - exact|/(x0·w) = %.3g",
          worstX / x0, worstS / x0, worstV / (x0 * std::sqrt(k / m)));
    // 1e-5 of the amplitude: rtol 1e-10 keeps IDA's local errors near 1e-10, and the
    // global error over ~30 periods grows by far less than the 1e5 this leaves.
    QVERIFY2(worstX <= 1e-5 * x0, qPrintable(QString::number(worstX)));
    QVERIFY2(worstS <= 1e-5 * x0, qPrintable(QString::number(worstS)));
    QVERIFY2(worstV <= 1e-5 * x0 * std::sqrt(k / m), qPrintable(QString::number(worstV)));
  }

  // Two inertias joined by an engaged friction clutch, their outer flanges free: while
  // slipping, the friction torque τ decelerates J1 and accelerates J2,
  //   w1 = w10 − (τ/J1)·t,  w2 = w20 + (τ/J2)·t,  until they meet at t* = (w10 − w20)/(τ·(1/J1 + 1/J2)),
  // then they turn together at the momentum-conserving (J1·w10 + J2·w20)/(J1 + J2) for ever
  // (no external torque: a free flange carries none).
  void twoInertiaClutchWithFreeFlanges() {
    const double j1 = 0.3, j2 = 1.1, w10 = 40.0, w20 = -5.0, tau = 6.0;
    const core::Model model = parse(
        R"({"stop_time": "5", "solver": "ida", "rtol": 1e-10, "atol": 1e-12, "step": "0.01"})",
        R"([{"id": "J1", "type": "rotational.Inertia", "params": {"J": "0.3", "w0": "40"}},
            {"id": "K", "type": "rotational.Clutch", "params": {"tau_max": "100", "tau_slip": "6"}},
            {"id": "J2", "type": "rotational.Inertia", "params": {"J": "1.1", "w0": "-5"}},
            {"id": "U", "type": "signal.Constant", "params": {"value": "1"}}])",
        R"([{"from": "J1.b", "to": "K.a"}, {"from": "K.b", "to": "J2.a"}, {"from": "U.y", "to": "K.u"}])");
    QCOMPARE(freeEnds(model), (QStringList{"J1.a", "J2.b"}));
    const Trace trace = test::simulateModel(model);
    QCOMPARE(trace.time.back(), 5.0);
    const double lockTime = (w10 - w20) / (tau * (1.0 / j1 + 1.0 / j2));
    const double locked = (j1 * w10 + j2 * w20) / (j1 + j2);
    QVERIFY(lockTime < 4.0);
    double worstSlip = 0.0;
    for (std::size_t i = 0; i < trace.time.size(); ++i) {
      const double t = trace.time[i];
      if (t >= lockTime) continue;
      worstSlip = std::max({worstSlip, std::abs(trace["J1.w"][i] - (w10 - tau / j1 * t)),
                            std::abs(trace["J2.w"][i] - (w20 + tau / j2 * t))});
    }
    const double lockedError =
        std::max(std::abs(trace["J1.w"].back() - locked), std::abs(trace["J2.w"].back() - locked)) / std::abs(locked);
    qInfo("free-flange clutch: slipping max |w - exact|/w10 = %.3g; locked speed relative error = %.3g",
          worstSlip / w10, lockedError);
    // Slipping: constant accelerations, which IDA integrates exactly up to rounding and the
    // step that crosses the lock; 1e-5 of the initial speed leaves room for that step.
    QVERIFY2(worstSlip <= 1e-5 * w10, qPrintable(QString::number(worstSlip)));
    // Locked: the state is projected onto w1 = w2 conserving momentum, then nothing acts on
    // the pair, so the speed is exact to rounding (1e-12 relative: a few ulps times the steps).
    QVERIFY2(lockedError <= 1e-12, qPrintable(QString::number(lockedError)));
  }
};

QTEST_GUILESS_MAIN(TestFreeEnds)
#include "tst_free_ends.moc"
