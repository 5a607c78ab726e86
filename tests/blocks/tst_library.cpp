// The component library's declarations: every documented type (DESIGN.md,
// "Blocks") is registered with exactly its documented ports and parameters,
// every default evaluates and lies within its bounds, every icon exists, and
// the example models are valid.

#include <QDir>
#include <QFile>
#include <QtTest>
#include <cmath>
#include <set>

#include "elaborate/block_registry.h"
#include "library.h"
#include "model/model_file.h"
#include "model/model_validator.h"
#include "model/parameter_evaluator.h"

using namespace kelvin;
using core::ComponentType;
using core::ParamDecl;
using core::ParamKind;
using core::PortDecl;
using core::PortDirection;

namespace {

struct Documented {
  const char* type;
  QStringList ports;   // "name:electrical", "name:in", "name:out"; '*' after the name marks a variadic input
  QStringList params;  // in declaration order
};

// Copied from DESIGN.md's table (electrical, signal and analysis families
// that this library implements); `inputs` is the count of a variadic port.
const std::vector<Documented>& documented() {
  static const std::vector<Documented> table = {
      {"electrical.Resistor", {"p:electrical", "n:electrical"}, {"R", "temperature"}},
      {"electrical.Varactor", {"p:electrical", "n:electrical"}, {"C0", "Vj", "M", "v0"}},
      {"electrical.NoiseSensor", {"p:electrical+", "n:electrical+", "y:out"}, {"bandwidth"}},
      {"hydraulic.NoiseSensor", {"p:hydraulic+", "n:hydraulic+", "y:out"}, {"bandwidth"}},
      {"thermal.NoiseSensor", {"a:thermal+", "b:thermal+", "y:out"}, {"bandwidth"}},
      {"rotational.NoiseSensor", {"a:rotational+", "b:rotational+", "y:out"}, {"bandwidth", "quantity"}},
      {"translational.NoiseSensor", {"a:translational+", "b:translational+", "y:out"}, {"bandwidth", "quantity"}},
      {"signal.WhiteNoise", {"y:out"}, {"psd"}},
      {"signal.PinkNoise", {"y:out"}, {"psd", "corner"}},
      {"electrical.Capacitor", {"p:electrical", "n:electrical"}, {"C", "v0"}},
      {"electrical.Inductor", {"p:electrical", "n:electrical"}, {"L", "i0"}},
      {"electrical.Ground", {"p:electrical"}, {}},
      {"electrical.VoltageSource", {"p:electrical", "n:electrical"}, {"V"}},
      {"electrical.CurrentSource", {"p:electrical+", "n:electrical+"}, {"I"}},
      {"electrical.SineVoltage", {"p:electrical", "n:electrical"}, {"amplitude", "frequency", "phase", "offset"}},
      {"electrical.PulseVoltage",
       {"p:electrical", "n:electrical"},
       {"v1", "v2", "delay", "rise", "fall", "width", "period"}},
      {"electrical.SineCurrent", {"p:electrical+", "n:electrical+"}, {"amplitude", "frequency", "phase", "offset"}},
      {"electrical.PulseCurrent",
       {"p:electrical+", "n:electrical+"},
       {"v1", "v2", "delay", "rise", "fall", "width", "period"}},
      {"electrical.SignalVoltage", {"p:electrical", "n:electrical", "u:in"}, {}},
      {"electrical.Diode", {"p:electrical", "n:electrical"},
       {"Is", "N", "Rs", "Cjo", "Vj", "M", "TT", "fc", "KF", "AF", "temperature"}},
      {"electrical.OpAmp", {"in_p:electrical", "in_n:electrical", "out:electrical"}, {"gain"}},
      // Issue 17: controlled sources, coupling and transistors with SPICE's parameter names.
      {"electrical.VCVS", {"p:electrical", "n:electrical", "cp:electrical", "cn:electrical"}, {"gain"}},
      {"electrical.VCCS", {"p:electrical", "n:electrical", "cp:electrical", "cn:electrical"}, {"gm"}},
      {"electrical.CCCS", {"p:electrical", "n:electrical", "cp:electrical", "cn:electrical"}, {"gain"}},
      {"electrical.CCVS", {"p:electrical", "n:electrical", "cp:electrical", "cn:electrical"}, {"r"}},
      {"electrical.CoupledInductors", {"p1:electrical", "n1:electrical", "p2:electrical", "n2:electrical"},
       {"L1", "L2", "k", "i10", "i20"}},
      {"electrical.IdealTransformer", {"p1:electrical", "n1:electrical", "p2:electrical", "n2:electrical"}, {"ratio"}},
      {"electrical.BJT", {"c:electrical", "b:electrical", "e:electrical"},
       {"polarity", "IS", "BF", "BR", "NF", "NR", "VAF", "VAR", "IKF", "RB", "RE", "RC", "CJE", "VJE", "MJE", "CJC",
        "VJC", "MJC", "FC", "TF", "TR", "KF", "AF", "EG", "XTI", "XTB", "TNOM", "temperature"}},
      {"electrical.JFET", {"d:electrical", "g:electrical", "s:electrical"},
       {"polarity", "VTO", "BETA", "LAMBDA", "B", "IS", "RD", "RS", "CGS", "CGD", "PB", "FC", "KF", "AF", "EG", "XTI",
        "VTOTC", "BEX", "TNOM", "temperature"}},
      {"electrical.MOSFET", {"d:electrical", "g:electrical", "s:electrical", "b:electrical"},
       {"polarity", "VTO", "KP", "GAMMA", "PHI", "LAMBDA", "W", "L", "LD", "RD", "RS", "IS", "CGSO", "CGDO", "CGBO",
        "KF", "AF", "TOX", "TNOM", "temperature"}},
      {"electrical.VoltageSensor", {"p:electrical+", "n:electrical+", "y:out"}, {}},
      {"electrical.CurrentSensor", {"p:electrical+", "n:electrical+", "y:out"}, {}},
      {"signal.Constant", {"y:out"}, {"value"}},
      {"signal.Step", {"y:out"}, {"height", "time"}},
      {"signal.Sine", {"y:out"}, {"amplitude", "frequency", "phase", "offset"}},
      {"signal.PulseTrain", {"y:out"}, {"amplitude", "period", "width"}},
      {"signal.Ramp", {"y:out"}, {"slope", "time"}},
      {"signal.Gain", {"u:in", "y:out"}, {"k"}},
      {"signal.Sum", {"u*:in", "y:out"}, {"signs", "inputs"}},
      {"signal.Product", {"u*:in", "y:out"}, {"inputs"}},
      {"signal.Integrator", {"u:in", "y:out"}, {"y0"}},
      {"electrical.Switch", {"p:electrical", "n:electrical", "u:in"}, {"Ron", "Goff", "ideal", "temperature"}},
      {"signal.UnitDelay", {"u:in", "y:out"}, {"sample_time", "y0"}},
      {"signal.ClockedDelay", {"u:in", "clk:in", "y:out"}, {"y0"}},
      {"signal.ZeroOrderHold", {"u:in", "y:out"}, {"sample_time"}},
      {"signal.TransportDelay", {"u:in", "y:out"}, {"delay", "initial"}},
      {"signal.Unknown", {"y:out"}, {}},
      {"signal.Constraint", {"u:in"}, {}},
      {"signal.TransferFunction", {"u:in", "y:out"}, {"num", "den"}},
      {"signal.StateSpace", {"u:in", "y:out"}, {"A", "B", "C", "D"}},
      {"signal.Saturation", {"u:in", "y:out"}, {"lower", "upper"}},
      {"signal.Expression", {"u*:in", "y:out"}, {"expr", "inputs"}},
      {"signal.Scope", {"u*:in"}, {"inputs"}},
      {"analysis.Inp", {"u:in", "y:out"}, {}},
      {"analysis.Out", {"u*:in"}, {"inputs"}},
      // Mechanical, hydraulic and thermal families and the converters; the
      // table's parameters first, then the initial values it leaves implicit.
      {"rotational.Inertia", {"a:rotational", "b:rotational"}, {"J", "w0"}},
      {"rotational.Spring", {"a:rotational", "b:rotational"}, {"c", "phi0"}},
      {"rotational.Damper", {"a:rotational", "b:rotational"}, {"d", "temperature"}},
      {"rotational.Fixed", {"a:rotational"}, {}},
      {"rotational.PlanetaryGear", {"sun:rotational", "carrier:rotational", "ring:rotational"}, {"ratio"}},
      {"rotational.Clutch", {"a:rotational", "b:rotational", "u:in"}, {"tau_max", "tau_slip"}},
      {"translational.HardStop", {"a:translational", "b:translational"}, {"gap", "k", "d", "s0", "ideal"}},
      {"rotational.Torque", {"a:rotational+", "u:in"}, {}},
      {"rotational.ConstantTorque", {"a:rotational+"}, {"tau"}},
      {"rotational.IdealGear", {"a:rotational", "b:rotational"}, {"ratio"}},
      {"rotational.SpeedSensor", {"a:rotational+", "y:out"}, {}},
      {"rotational.TorqueSensor", {"a:rotational+", "b:rotational+", "y:out"}, {}},
      {"translational.Mass", {"a:translational", "b:translational"}, {"m", "v0", "x0"}},
      {"translational.Spring", {"a:translational", "b:translational"}, {"k", "s0"}},
      {"translational.Damper", {"a:translational", "b:translational"}, {"d", "temperature"}},
      {"translational.Fixed", {"a:translational"}, {"x0"}},
      {"translational.Force", {"a:translational+", "u:in"}, {}},
      {"translational.VelocitySensor", {"a:translational+", "y:out"}, {}},
      {"translational.PositionSensor", {"a:translational+", "y:out"}, {"x0"}},
      {"translational.ForceSensor", {"a:translational+", "b:translational+", "y:out"}, {}},
      {"hydraulic.PressureSource", {"p:hydraulic", "n:hydraulic"}, {"P"}},
      {"hydraulic.LaminarResistance", {"p:hydraulic", "n:hydraulic"}, {"R", "temperature"}},
      {"hydraulic.Orifice", {"p:hydraulic", "n:hydraulic"}, {"Cd", "A", "rho", "p_crit"}},
      {"hydraulic.Capacitance", {"p:hydraulic", "n:hydraulic"}, {"C", "p0"}},
      {"hydraulic.FluidInertia", {"p:hydraulic", "n:hydraulic"}, {"I", "q0"}},
      {"hydraulic.Reservoir", {"p:hydraulic"}, {"P"}},
      {"hydraulic.PressureSensor", {"p:hydraulic+", "n:hydraulic+", "y:out"}, {}},
      {"hydraulic.Cylinder", {"p:hydraulic", "n:hydraulic", "a:translational"}, {"A"}},
      {"thermal.HeatCapacitor", {"a:thermal"}, {"C", "T0"}},
      {"thermal.Conductor", {"a:thermal", "b:thermal"}, {"G", "temperature"}},
      {"thermal.TemperatureSource", {"a:thermal"}, {"T"}},
      {"thermal.HeatFlowSource", {"a:thermal+"}, {"Q"}},
      {"thermal.TemperatureSensor", {"a:thermal+", "y:out"}, {}},
      {"electrical.EMF", {"p:electrical", "n:electrical", "a:rotational"}, {"k"}},
      // The pneumatic family.
      {"pneumatic.Chamber", {"p:pneumatic", "h:thermal"}, {"V", "p0", "T", "Rs", "isothermal", "gamma"}},
      {"pneumatic.FlowResistance", {"p:pneumatic", "n:pneumatic"}, {"R", "Rs"}},
      {"pneumatic.Orifice", {"p:pneumatic", "n:pneumatic"}, {"C", "b", "m", "T"}},
      {"pneumatic.Reservoir", {"p:pneumatic"}, {"p", "T"}},
      {"pneumatic.PressureSource", {"p:pneumatic", "n:pneumatic"}, {"P"}},
      {"pneumatic.PressureSensor", {"p:pneumatic+", "n:pneumatic+", "y:out"}, {}},
      {"pneumatic.MassFlowSensor", {"p:pneumatic+", "n:pneumatic+", "y:out"}, {}},
      {"pneumatic.NoiseSensor", {"p:pneumatic+", "n:pneumatic+", "y:out"}, {"bandwidth"}},
      {"pneumatic.Cylinder",
       {"p:pneumatic", "a:translational+"},
       {"A", "V_dead", "x0", "p_amb", "p0", "T", "Rs", "isothermal", "gamma"}},
  };
  return table;
}

QString describe(const PortDecl& port) {
  QString kind;
  switch (port.direction) {
    case PortDirection::Input:
      kind = "in";
      break;
    case PortDirection::Output:
      kind = "out";
      break;
    case PortDirection::Physical:
      kind = QString::fromStdString(std::string(core::domainName(port.domain))) + (port.required ? "+" : "");
      break;
  }
  return QString::fromStdString(port.name) + (port.variadic ? "*" : "") + ":" + kind;
}

/// Empty if `text` is a valid value of `param` (by the model's parameter
/// evaluator, without model variables), else why not.
std::string checkValue(const ParamDecl& param, const std::string& text) {
  const core::ParameterScope scope;
  try {
    switch (param.kind) {
      case ParamKind::Text:
        return {};
      case ParamKind::Vector:
        core::evaluateVector(text, scope);
        return {};
      case ParamKind::Matrix:
        core::evaluateMatrix(text, scope);
        return {};
      case ParamKind::Number:
        break;
    }
    const double value = core::evaluateNumber(text, param.unit, scope);
    if (param.min && (value < *param.min || (!param.minInclusive && value == *param.min)))
      return "is below its minimum " + std::to_string(*param.min);
    if (param.max && (value > *param.max || (!param.maxInclusive && value == *param.max)))
      return "is above its maximum " + std::to_string(*param.max);
    return {};
  } catch (const std::exception& e) {
    return std::string("does not parse: ") + e.what();
  }
}

QString resourceFile(const std::string& resourcePath) {
  return QStringLiteral(KELVIN_SOURCE_DIR "/resources/") + QString::fromStdString(resourcePath.substr(2));
}

}  // namespace

class TestLibrary : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { blocks::registerAll(registry_); }

  void documentedTypeIsRegistered_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QStringList>("ports");
    QTest::addColumn<QStringList>("params");
    for (const Documented& d : documented()) QTest::newRow(d.type) << QString(d.type) << d.ports << d.params;
  }

  void documentedTypeIsRegistered() {
    QFETCH(QString, type);
    QFETCH(QStringList, ports);
    QFETCH(QStringList, params);
    const ComponentType* t = registry_.find(type.toStdString());
    QVERIFY2(t, qPrintable(type + " is not registered"));
    QStringList declaredPorts;
    for (const PortDecl& p : t->ports) declaredPorts << describe(p);
    QCOMPARE(declaredPorts, ports);
    QStringList declaredParams;
    for (const ParamDecl& p : t->params) declaredParams << QString::fromStdString(p.name);
    QCOMPARE(declaredParams, params);
  }

  void everyRegisteredTypeIsDocumented() {
    std::set<std::string> known;
    for (const Documented& d : documented()) known.insert(d.type);
    for (const ComponentType* t : registry_.all())
      QVERIFY2(known.count(t->type),
               qPrintable(QString::fromStdString(t->type) + " is missing from this test's table"));
  }

  void declarationsAreComplete() {
    for (const ComponentType* t : registry_.all()) {
      const QString name = QString::fromStdString(t->type);
      QVERIFY2(!t->title.empty(), qPrintable(name + ": no title"));
      QVERIFY2(!t->description.empty() && t->description.back() == '.',
               qPrintable(name + ": the description should be one sentence"));
      QVERIFY2(t->build, qPrintable(name + ": no build function"));
      QVERIFY2(t->keyParam.empty() || t->findParam(t->keyParam), qPrintable(name + ": keyParam is not a parameter"));
      static const std::set<std::string> families = {"electrical", "signal",  "analysis", "rotational", "translational",
                                                     "hydraulic",  "thermal", "pneumatic"};
      QVERIFY2(families.count(t->family()), qPrintable(name + ": unexpected family"));
      bool variadic = false;
      for (const PortDecl& p : t->ports) {
        variadic = variadic || p.variadic;
        QVERIFY2(!p.description.empty(), qPrintable(name + "." + QString::fromStdString(p.name) + ": no description"));
        if (p.variadic || p.optional)
          QVERIFY2(p.direction == PortDirection::Input, qPrintable(name + ": only inputs are variadic or optional"));
        if (p.required)
          QVERIFY2(p.direction == PortDirection::Physical, qPrintable(name + ": only physical ports are required"));
      }
      const ParamDecl* inputs = t->findParam("inputs");
      QCOMPARE(inputs != nullptr, variadic);
      if (inputs) {
        QCOMPARE(inputs->defaultValue, std::string("2"));
        QVERIFY(inputs->min && *inputs->min == 1.0 && inputs->minInclusive);
      }
    }
  }

  void defaultsParseWithinBounds() {
    for (const ComponentType* t : registry_.all())
      for (const ParamDecl& p : t->params) {
        const std::string problem = checkValue(p, p.defaultValue);
        QVERIFY2(problem.empty(), qPrintable(QString::fromStdString(t->type + "." + p.name + " default \"" +
                                                                    p.defaultValue + "\" " + problem)));
      }
  }

  // The bounds are not decoration: a non-positive resistance is refused, a zero
  // capacitance too, while a zero delay is allowed.
  void boundsRejectNonPhysicalValues_data() {
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    const auto row = [](const char* param, const char* text, bool valid) {
      QTest::addRow("%s = %s", param, text) << QString(param) << QString(text) << valid;
    };
    row("electrical.Resistor.R", "0", false);
    row("electrical.Resistor.R", "-1k", false);
    row("electrical.Resistor.R", "10m", true);
    row("electrical.Resistor.R", "1k)", false);
    row("electrical.Capacitor.C", "0", false);
    row("electrical.Inductor.L", "0", false);
    row("electrical.Diode.Is", "0", false);
    row("electrical.Diode.N", "0", false);
    row("electrical.Diode.Rs", "0", true);
    row("electrical.PulseVoltage.period", "0", false);
    row("electrical.PulseVoltage.delay", "0", true);
    row("electrical.PulseVoltage.rise", "-1u", false);
    row("signal.Sum.inputs", "0", false);
    row("electrical.OpAmp.gain", "0", true);
    row("electrical.OpAmp.gain", "-1", false);
    row("electrical.OpAmp.gain", "1meg", true);
    row("rotational.Inertia.J", "0", false);
    row("rotational.Spring.c", "-1", false);
    row("rotational.Damper.d", "0", true);
    row("rotational.IdealGear.ratio", "-3", true);
    row("translational.Mass.m", "0", false);
    row("translational.Damper.d", "-1", false);
    row("hydraulic.Orifice.p_crit", "0", false);
    row("hydraulic.Capacitance.C", "0", false);
    row("thermal.HeatCapacitor.T0", "0", false);
    row("thermal.TemperatureSource.T", "300 K", true);
    row("electrical.EMF.k", "0", false);
    row("pneumatic.Orifice.b", "1", false);  // b = 1 would choke at every ratio
    row("pneumatic.Orifice.b", "0.528", true);
    row("pneumatic.Chamber.gamma", "1", false);  // γ = 1 is isothermal: use isothermal = 1
    row("pneumatic.Chamber.isothermal", "2", false);
    row("pneumatic.Chamber.p0", "0", false);  // an absolute pressure
  }

  void boundsRejectNonPhysicalValues() {
    QFETCH(QString, param);
    QFETCH(QString, text);
    QFETCH(bool, valid);
    const std::string name = param.toStdString();
    const auto dot = name.rfind('.');
    const ComponentType* t = registry_.find(name.substr(0, dot));
    QVERIFY(t);
    const ParamDecl* p = t->findParam(name.substr(dot + 1));
    QVERIFY(p);
    QCOMPARE(checkValue(*p, text.toStdString()).empty(), valid);
  }

  void iconsExist() {
    for (const ComponentType* t : registry_.all()) {
      const QString name = QString::fromStdString(t->type);
      QVERIFY2(t->icon.starts_with(":/icons/" + t->family() + "/") && t->icon.ends_with(".svg"),
               qPrintable(name + ": icon path " + QString::fromStdString(t->icon)));
      QFile file(resourceFile(t->icon));
      QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(name + ": missing " + file.fileName()));
      const QByteArray svg = file.readAll();
      QVERIFY2(svg.startsWith("<svg") && svg.contains("viewBox") && svg.contains("#222"),
               qPrintable(file.fileName() + " is not one of the library's SVG icons"));
    }
  }

  // resources/icons/icons.qrc (prefix /icons) must list every declared icon.
  void iconsAreInTheResourceFile() {
    QFile qrc(QStringLiteral(KELVIN_SOURCE_DIR "/resources/icons/icons.qrc"));
    QVERIFY(qrc.open(QIODevice::ReadOnly));
    const QString listed = QString::fromUtf8(qrc.readAll());
    QVERIFY(listed.contains("<qresource prefix=\"/icons\">"));
    for (const ComponentType* t : registry_.all()) {
      const QString file = QString::fromStdString(t->icon).mid(QStringLiteral(":/icons/").size());
      QVERIFY2(listed.contains("<file>" + file + "</file>"), qPrintable(file + " is not in icons.qrc"));
    }
  }

  void examplesAreValid_data() {
    QTest::addColumn<QString>("file");
    for (const char* name : {"rc_lowpass", "rlc_resonator", "half_wave_rectifier", "diode_clipper", "pi_loop",
                             "dc_motor", "mass_spring_damper", "hydraulic_accumulator", "thermal_rc"})
      QTest::newRow(name) << QStringLiteral(KELVIN_EXAMPLES_DIR "/%1.kelvin").arg(name);
  }

  // Each example loads, passes the model validator (types, ports, parameters
  // and bounds, connections, dangling ports) and carries a description.
  void examplesAreValid() {
    QFETCH(QString, file);
    const core::Model model = core::loadModel(file.toStdString());
    QCOMPARE(QString::fromStdString(model.name), QFileInfo(file).baseName());
    QVERIFY(model.extra.contains("description") && model.extra["description"].is_string());
    QVERIFY(model.extra["description"].get<std::string>().size() > 80);
    QVERIFY(!model.blocks.empty());
    for (const core::Diagnostic& problem : core::validateModel(model, registry_, file.toStdString()))
      QFAIL(problem.toString().c_str());
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_APPLESS_MAIN(TestLibrary)
#include "tst_library.moc"
