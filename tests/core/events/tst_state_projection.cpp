// State projection at constraint changes (a clutch locking), checked against
// conservation of angular momentum, and the projector's own properties.

// The engine names members `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>

#include "events/state_projector.h"
#include "run/compiled_model.h"
#include "support/simulation_trace.h"

using namespace kelvin;
using test::Trace;

namespace {

core::Model clutchModel() {
  return core::loadModel(KELVIN_EXAMPLES_DIR "/two_shafts_clutch.kelvin");
}

core::SimulationOptions fixedStep(double h, bool projection) {
  core::SimulationOptions o = core::SimulationOptions::fromSettings(clutchModel().settings);
  o.solver = "euler";
  o.step = h;
  o.projection = projection;
  return o;
}

constexpr double kJ1 = 1.0, kJ2 = 2.0;
// Net external torque is −5 + 5 = 0, so J1ω1 + J2ω2 stays at its initial 1·10 + 2·0.
constexpr double kMomentum = 10.0;
constexpr double kLockedSpeed = kMomentum / (kJ1 + kJ2);

}  // namespace

class TestStateProjection : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void lockedSpeedIsExactWhateverTheStep_data() {
    QTest::addColumn<double>("step");
    QTest::newRow("h = 0.01") << 0.01;
    QTest::newRow("h = 0.03") << 0.03;
    QTest::newRow("h = 0.07") << 0.07;
  }
  void lockedSpeedIsExactWhateverTheStep() {
    QFETCH(double, step);
    const core::SimulationOptions options = fixedStep(step, true);
    const Trace trace = test::simulateModel(clutchModel(), &options);
    const double w1 = trace["J1.w"].back(), w2 = trace["J2.w"].back();
    // Implicit Euler keeps the linear invariant J1ω1 + J2ω2 to rounding, and the projection
    // in the metric of M = diag(J1, J2) keeps it too: 1e-12 leaves room for ~300 steps of rounding.
    QVERIFY2(std::abs(w1 - kLockedSpeed) <= 1e-12 * kLockedSpeed, qPrintable(QString::number(w1, 'g', 17)));
    QVERIFY2(std::abs(w2 - kLockedSpeed) <= 1e-12 * kLockedSpeed, qPrintable(QString::number(w2, 'g', 17)));
    QVERIFY(std::abs(kJ1 * w1 + kJ2 * w2 - kMomentum) <= 1e-12 * kMomentum);
    // The event log says what was projected and the error energy removed.
    bool logged = false;
    for (const core::EventRecord& e : trace.events)
      logged = logged || (e.block == "K" && QString::fromStdString(e.what).contains("error energy removed"));
    QVERIFY(logged);
  }

  void integratedStartLocksAtTheSameSpeed() {
    core::SimulationOptions options = fixedStep(0.07, true);
    options.projectionStart = core::SimulationOptions::ProjectionStart::Integrated;
    const Trace trace = test::simulateModel(clutchModel(), &options);
    // One more step under the locked constraint keeps the momentum (no external torque on the
    // pair), so projecting that state gives the same speed, a step later (the log says when).
    QVERIFY(std::abs(trace["J1.w"].back() - kLockedSpeed) <= 1e-12 * kLockedSpeed);
    QVERIFY(std::abs(trace["J2.w"].back() - kLockedSpeed) <= 1e-12 * kLockedSpeed);
    bool logged = false;
    for (const core::EventRecord& e : trace.events)
      logged = logged || QString::fromStdString(e.what).contains("integrated one step further");
    QVERIFY(logged);
  }

  void withoutProjectionTheErrorIsLargerAndReported() {
    const core::SimulationOptions options = fixedStep(0.07, false);
    const Trace trace = test::simulateModel(clutchModel(), &options);
    const double w1 = trace["J1.w"].back(), w2 = trace["J2.w"].back();
    // The naive carry-over keeps the overshoot of the detecting step: speeds differ by ~h·7.5 rad/s.
    QVERIFY(std::abs(w1 - w2) > 1e-2);
    QVERIFY(std::abs(w1 - kLockedSpeed) > 1e-2);
    bool reported = false;
    for (const core::EventRecord& e : trace.events)
      reported = reported || QString::fromStdString(e.what).contains("violates the constraint");
    QVERIFY(reported);
  }

  void variableStepLocksAtTheCrossing() {
    const core::Model model = clutchModel();
    core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings);
    options.solver = "ida";
    options.step = 0.1;
    const Trace trace = test::simulateModel(model, &options);
    // IDA locates the crossing to ~1e-14 s and the projection removes the rest: rtol-level agreement.
    QVERIFY(std::abs(trace["J1.w"].back() - kLockedSpeed) <= 1e-8);
    QVERIFY(std::abs(trace["J2.w"].back() - kLockedSpeed) <= 1e-8);
  }

  void joinedCapacitorsShareTheirChargeExactly_data() {
    QTest::addColumn<QString>("solver");
    QTest::addColumn<double>("step");
    QTest::newRow("euler 0.3 ms") << "euler" << 0.3e-3;
    QTest::newRow("euler 0.07 ms") << "euler" << 0.07e-3;
    QTest::newRow("trapezoid 0.45 ms") << "trapezoid" << 0.45e-3;
    QTest::newRow("ida") << "ida" << 0.1e-3;
  }
  void joinedCapacitorsShareTheirChargeExactly() {
    QFETCH(QString, solver);
    QFETCH(double, step);
    const core::Model model = core::loadModel(KELVIN_EXAMPLES_DIR "/two_capacitors_switch.kelvin");
    core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings);
    options.solver = solver.toStdString();
    options.step = step;
    const Trace trace = test::simulateModel(model, &options);
    constexpr double c1 = 1e-6, c2 = 3e-6, charge = c1 * 5.0 + c2 * 1.0;  // 8 µC
    const double v1 = trace["C1.v"].back(), v2 = trace["C2.v"].back();
    // Projection in the metric diag(C1, C2) conserves C1·v1 + C2·v2 exactly, up to rounding.
    QVERIFY2(std::abs(c1 * v1 + c2 * v2 - charge) <= 1e-12 * charge, qPrintable(QString::number(v1, 'g', 17)));
    QVERIFY(std::abs(v1 - 2.0) <= 1e-12 * 2.0 && std::abs(v2 - 2.0) <= 1e-12 * 2.0);
    // The energy lost is ½·C1C2/(C1+C2)·ΔV² with ΔV = 4 V: 6 µJ, reported by the event log.
    const double expected = 0.5 * c1 * c2 / (c1 + c2) * 16.0;
    double removed = -1.0;
    for (const core::EventRecord& e : trace.events) {
      const std::string& what = e.what;
      const auto at = what.find("error energy removed ");
      if (e.block == "S" && at != std::string::npos) removed = std::stod(what.substr(at + 21));
    }
    // Printed to 12 digits; E(x⁻) − E(x⁺) is a difference of 12.5 µJ and 6.5 µJ terms: 1e-9 is rounding.
    QVERIFY2(std::abs(removed - expected) <= 1e-9 * expected, qPrintable(QString::number(removed, 'g', 17)));
  }

  void planetarySetLocksWithItsAngularMomentum_data() {
    QTest::addColumn<double>("step");
    QTest::newRow("h = 0.01") << 0.01;
    QTest::newRow("h = 0.037") << 0.037;
  }
  void planetarySetLocksWithItsAngularMomentum() {
    QFETCH(double, step);
    const core::Model model = core::loadModel(KELVIN_EXAMPLES_DIR "/planetary_clutch.kelvin");
    core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings);
    options.step = step;
    const Trace trace = test::simulateModel(model, &options);
    const double ws = trace["Sun.w"].back(), wr = trace["Ring.w"].back(), wc = trace["Carrier.w"].back();
    // One speed for all once locked (the Willis constraint then forces the carrier along).
    QVERIFY(std::abs(ws - wr) <= 1e-10 * std::abs(ws) && std::abs(wc - ws) <= 1e-10 * std::abs(ws));
    // The only external torque is the 5 N·m drive: L = J_s·w_s + J_r·w_r + J_c·w_c = 1.375 + 5·t at all
    // times, across the projection too. Implicit Euler keeps linear invariants exactly: 1e-10 is rounding.
    for (std::size_t k = 0; k < trace.time.size(); ++k) {
      const double momentum =
          0.01 * trace["Sun.w"][k] + 0.1 * trace["Ring.w"][k] + 0.05 * trace["Carrier.w"][k];
      const double expected = 1.375 + 5.0 * trace.time[k];
      QVERIFY2(std::abs(momentum - expected) <= 1e-10 * expected, qPrintable(QString("t = %1").arg(trace.time[k])));
    }
  }

  void plasticImpactOnAHardStop() {
    const Trace trace = test::simulateModel(core::loadModel(KELVIN_EXAMPLES_DIR "/mass_hard_stop.kelvin"));
    // Before contact: ½·m·v² + ½·k·x² = ½·2·1² = 1 J; at x = 0.1 the spring holds 0.05 J, so the
    // kinetic energy lost in the plastic impact is 0.95 J. The impact time is located to ~1e-14 s and
    // the state to rtol 1e-8: 1e-6 relative is generous.
    double removed = -1.0;
    for (const core::EventRecord& e : trace.events) {
      const auto at = e.what.find("error energy removed ");
      if (e.block == "Stop" && at != std::string::npos && removed < 0) removed = std::stod(e.what.substr(at + 21));
    }
    QVERIFY2(std::abs(removed - 0.95) <= 1e-6 * 0.95, qPrintable(QString::number(removed, 'g', 12)));
    // The stop only pushes: the spring pulls the mass off it at once, and it never passes the stop.
    double farthest = 0.0;
    for (double x : trace["X.y"]) farthest = std::max(farthest, x);
    QVERIFY(farthest <= 0.1 + 1e-9);
    QVERIFY(trace.at("X.y", 1.0) < 0.0);
  }

  void aStateOnTheConstraintIsLeftAlone() {
    const auto compiled = core::compileModel(clutchModel(), test::library(), "clutch");
    const core::DaeSystem& dae = compiled->dae();
    core::StateProjector projector(dae);
    // Lock the clutch (its only discrete value) and put both shafts at the same speed.
    std::vector<double> y(dae.size(), 0.0), yp(dae.size(), 0.0), discrete{1.0, 0.0};
    const auto& names = compiled->flat().unknowns;
    for (int i = 0; i < dae.size(); ++i)
      if (names[i].state) y[i] = 2.5;
    const std::vector<double> before = y;
    const core::EvalPoint at{1.0, y.data(), yp.data(), discrete.data(), nullptr};
    const core::Projection p = projector.project(at, y, 0.0);
    QVERIFY(!p.moved);
    QCOMPARE(y, before);
  }
};

QTEST_APPLESS_MAIN(TestStateProjection)
#include "tst_state_projection.moc"
