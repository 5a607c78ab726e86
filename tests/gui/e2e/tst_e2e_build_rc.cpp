// The RC low-pass built from an empty model the way a user does it: click on
// the canvas where a block should go, Ctrl+K, type its type, Enter; wires
// dragged port to port with the mouse; the capacitor's voltage through a
// voltage sensor into a Scope. F5 then shows the charging curve in the Scope
// block's plot, which opened by itself: every drawn point is the closed form
// 1 − exp(−t/RC) (the library's defaults: 1 V, 1 kΩ, 1 µF) and, once the
// model is saved with Ctrl+S, the sample `kelvin-cli simulate` gives there.

#include <QLineEdit>

#include "canvas/diagram_editor.h"
#include "canvas/diagram_view.h"
#include "e2e_fixture.h"
#include "gui/gui_test_support.h"
#include "palette/quick_insert_box.h"

using kelvin::e2e::App;

class TestE2eBuildRc : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(suite_.isReady());
    QVERIFY(workDir_.isValid());
  }

  void buildRunAndCompare() {
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QElapsedTimer clock;
    clock.start();
    QWidget* canvas = window.editor()->view()->viewport();
    const kelvin::core::Model& model = window.model();
    QVERIFY(model.blocks.empty());

    // Click where the block goes, Ctrl+K, type, Enter: one block each.
    const std::pair<const char*, QPoint> parts[] = {
        {"electrical.VoltageSource", {200, 300}}, {"electrical.Resistor", {340, 180}},
        {"electrical.Capacitor", {480, 300}},     {"electrical.Ground", {340, 440}},
        {"electrical.VoltageSensor", {620, 300}}, {"signal.Scope", {780, 300}}};
    for (const auto& [type, at] : parts) {
      QTest::mouseClick(canvas, Qt::LeftButton, {}, at);
      app.press(Qt::Key_K, Qt::ControlModifier);
      QLineEdit* box = window.editor()->findChild<kelvin::gui::QuickInsertBox*>()->lineEdit();
      QTRY_VERIFY(box->isVisible());
      QTest::keyClicks(box, QString::fromLatin1(type));
      QTest::keyClick(box, Qt::Key_Return);
    }
    QCOMPARE(model.blocks.size(), std::size_t(6));
    // The ids the canvas gave them, by type.
    std::map<std::string, std::string> id;
    for (const kelvin::core::Block& block : model.blocks) id[block.type] = block.id;
    const std::string v = id["electrical.VoltageSource"], r = id["electrical.Resistor"], c = id["electrical.Capacitor"],
                      g = id["electrical.Ground"], s = id["electrical.VoltageSensor"], scope = id["signal.Scope"];

    // Wires, port to port, with the mouse.
    const std::pair<std::string, std::string> wires[] = {{v + ".p", r + ".p"}, {r + ".n", c + ".p"}, {c + ".n", g + ".p"},
                                                         {v + ".n", g + ".p"}, {s + ".p", c + ".p"}, {s + ".n", g + ".p"},
                                                         {s + ".y", scope + ".u1"}};
    for (const auto& [from, to] : wires) kelvin::test::dragWire(window, from, to);
    QCOMPARE(model.connections.size(), std::size_t(7));

    // F5: the scope opens by itself and draws the charging curve.
    QVERIFY2(app.runToTheEnd(), qPrintable(app.status()));
    kelvin::gui::ScopeWindow* plot = app.scope(QString::fromStdString(scope));
    QVERIFY(plot);
    QCOMPARE(plot->scope()->shownSignals(), QStringList{QString::fromStdString(s + ".y")});
    QTRY_VERIFY(kelvin::e2e::drawnPoints(plot).size() > 50);
    const kelvin::e2e::Points drawn = kelvin::e2e::drawnPoints(plot);
    double worst = 0;
    for (const auto& [t, y] : drawn) worst = std::max(worst, std::abs(y - (1 - std::exp(-t / 1e-3))));
    // The default tolerances (rtol 1e-6, atol 1e-9) on a 1 V signal: well under 2e-5 V.
    QVERIFY2(worst < 2e-5, qPrintable(QString::number(worst)));
    const QSize size = kelvin::e2e::plotSize(plot);
    QVERIFY(size.width() >= 600 && size.height() >= 350);

    // Ctrl+S with the path typed: the engine run from the file gives the very points drawn.
    const QString path = workDir_.filePath(QStringLiteral("rc_built.kelvin"));
    App::answerNextFileDialog(path);
    app.press(Qt::Key_S, Qt::ControlModifier);
    QTRY_VERIFY(QFile::exists(path));
    const kelvin::e2e::Points cli = kelvin::e2e::cliSimulate(path, QString::fromStdString(s + ".y"));
    QVERIFY(!cli.empty());
    for (const auto& [t, y] : drawn)
      QVERIFY2(y == kelvin::e2e::sampleAt(cli, t), qPrintable(QStringLiteral("t = %1").arg(t)));
    qInfo("built, wired, run, saved and compared in %lld ms; %zu points drawn of %zu samples, %d × %d px",
          static_cast<long long>(clock.elapsed()), drawn.size(), cli.size(), size.width(), size.height());
  }

 private:
  kelvin::e2e::Suite suite_;
  QTemporaryDir workDir_;
};

QTEST_MAIN(TestE2eBuildRc)
#include "tst_e2e_build_rc.moc"
