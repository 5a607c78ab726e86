// Ports sit where the icons' leads end, and follow rotation and flip:
// IconAnchors reads the lead ends from the SVG; PortLayout assigns ports
// to them in declaration order (physical left/right/bottom/top, inputs
// left/top/bottom, outputs right/bottom/top) and spreads inputs that have
// no lead of their own.

#include <QtTest>

#include "canvas/icon_anchors.h"
#include "canvas/port_layout.h"
#include "elaborate/block_registry.h"
#include "gui_resources.h"
#include "library.h"

using kelvin::gui::PortLayout;

namespace {

QPointF portPos(const kelvin::gui::BlockShape& shape, const char* name) {
  for (const auto& p : shape.ports)
    if (p.name == QLatin1String(name)) return p.pos;
  qWarning("no port %s", name);
  return {-999, -999};
}

kelvin::core::Block block(const char* type, double rotation = 0, bool flipped = false) {
  kelvin::core::Block b;
  b.id = "B";
  b.type = type;
  b.rotation = rotation;
  b.flipped = flipped;
  return b;
}

}  // namespace

class TestPortLayout : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    kelvin::gui::initResources();
    kelvin::blocks::registerAll(registry_);
  }

  void anchorsAreTheLeadEndsOnTheFrame() {
    const QByteArray svg = R"(<svg viewBox="0 0 60 40">
      <path d="M0 20H12M48 20H60"/><rect x="12" y="14" width="36" height="12"/>
      <path d="m30 40 v-8 l2 -2"/><path d="M10 10a5 5 0 0 1 10 0"/></svg>)";
    std::vector<QPointF> anchors = kelvin::gui::IconAnchors::fromSvg(svg);
    std::sort(anchors.begin(), anchors.end(), [](QPointF a, QPointF b) { return a.x() < b.x(); });
    QCOMPARE(anchors.size(), std::size_t{3});
    QCOMPARE(anchors[0], QPointF(0, 20));
    QCOMPARE(anchors[1], QPointF(30, 40));
    QCOMPARE(anchors[2], QPointF(60, 20));
  }

  void portsMeetTheLeads_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("port");
    QTest::addColumn<double>("rotation");
    QTest::addColumn<QPointF>("pos");
    QTest::newRow("resistor p left") << "electrical.Resistor" << "p" << 0.0 << QPointF(-30, 0);
    QTest::newRow("resistor n right") << "electrical.Resistor" << "n" << 0.0 << QPointF(30, 0);
    QTest::newRow("resistor upright: p on top") << "electrical.Resistor" << "p" << 90.0 << QPointF(0, -30);
    QTest::newRow("resistor 180: p right") << "electrical.Resistor" << "p" << 180.0 << QPointF(30, 0);
    QTest::newRow("ground on top") << "electrical.Ground" << "p" << 0.0 << QPointF(0, -20);
    QTest::newRow("sensor reading below") << "electrical.VoltageSensor" << "y" << 0.0 << QPointF(0, 20);
    QTest::newRow("controlled source input on top") << "electrical.SignalVoltage" << "u" << 0.0 << QPointF(0, -20);
    QTest::newRow("gain in") << "signal.Gain" << "u" << 0.0 << QPointF(-30, 0);
    QTest::newRow("gain out") << "signal.Gain" << "y" << 0.0 << QPointF(30, 0);
    QTest::newRow("sum second input on top") << "signal.Sum" << "u2" << 0.0 << QPointF(0, -20);
    QTest::newRow("scope inputs spread") << "signal.Scope" << "u2" << 0.0 << QPointF(-30, 10);
    QTest::newRow("op-amp minus input") << "electrical.OpAmp" << "in_n" << 0.0 << QPointF(-30, 8);
  }

  void portsMeetTheLeads() {
    QFETCH(QString, type);
    QFETCH(QString, port);
    QFETCH(double, rotation);
    QFETCH(QPointF, pos);
    const kelvin::core::ComponentType* componentType = registry_.find(type.toStdString());
    QVERIFY(componentType);
    kelvin::core::Block b = block(qPrintable(type), rotation);
    if (type == QLatin1String("signal.Scope")) b.params["inputs"] = "2";
    const kelvin::gui::BlockShape shape = layout_.forBlock(b, componentType);
    QCOMPARE(portPos(shape, qPrintable(port)), pos);
  }

  void flipMirrorsLeftToRight() {
    const kelvin::gui::BlockShape shape =
        layout_.forBlock(block("signal.Gain", 0, true), registry_.find("signal.Gain"));
    QCOMPARE(portPos(shape, "u"), QPointF(30, 0));
    for (const auto& p : shape.ports)
      if (p.name == QLatin1String("u")) QCOMPARE(p.normal, QPointF(1, 0));
  }

  void everyRegisteredTypeGetsAllItsPorts() {
    for (const kelvin::core::ComponentType* type : registry_.all()) {
      const kelvin::gui::BlockShape shape = layout_.forBlock(block(type->type.c_str()), type);
      QCOMPARE(shape.ports.size(), kelvin::core::expandPorts(*type, 2).size());
      // No two ports in one place.
      for (std::size_t i = 0; i < shape.ports.size(); ++i)
        for (std::size_t j = i + 1; j < shape.ports.size(); ++j)
          QVERIFY2(shape.ports[i].pos != shape.ports[j].pos, type->type.c_str());
    }
  }

  void subsystemPortsBySide() {
    kelvin::core::Block sub = block("Subsystem");
    kelvin::core::Block inner;
    inner.pos = {100, 0};
    sub.blocks = {inner};
    sub.ports = {{"in", "signal", "input", {0, 0}, {}},
                 {"out", "signal", "output", {200, 0}, {}},
                 {"a", "electrical", "physical", {0, 40}, {}},
                 {"b", "electrical", "physical", {200, 40}, {}}};
    const kelvin::gui::BlockShape shape = layout_.forBlock(sub, nullptr);
    QCOMPARE(shape.body, QRectF(-40, -30, 80, 60));
    QCOMPARE(portPos(shape, "in"), QPointF(-40, -10));
    QCOMPARE(portPos(shape, "a"), QPointF(-40, 10));
    QCOMPARE(portPos(shape, "out"), QPointF(40, -10));
    QCOMPARE(portPos(shape, "b"), QPointF(40, 10));
  }

 private:
  kelvin::core::BlockRegistry registry_;
  PortLayout layout_;
};

QTEST_MAIN(TestPortLayout)
#include "tst_port_layout.moc"
