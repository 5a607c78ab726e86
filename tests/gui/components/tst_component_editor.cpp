// The component editor on the real MainWindow (issue #19), with the key and
// mouse events a user makes: the example's user components sit in the palette
// under "User"; Ctrl+Shift+K (Model ▸ Components…) opens the editor; deleting a
// ';' shows the error at its line and column within a moment, typing it back
// clears it; a new component typed in and applied with OK appears in the
// palette, drops onto the canvas with its ports and compiles into the model;
// Ctrl+Z takes it away again.

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QUndoStack>

#include "components/component_editor_dialog.h"
#include "document/model_document.h"
#include "gui/gui_test_support.h"
#include "library.h"

using kelvin::gui::ComponentEditorDialog;

class TestComponentEditor : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_component_editor");
    kelvin::blocks::registerAll(registry_);
  }

  void editWithLiveErrorsApplyAndUndo() {
    kelvin::gui::MainWindow window(registry_);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(QStringLiteral(KELVIN_EXAMPLES_DIR "/user_rc_noise.kelvin")));

    // The model's components are in the palette, under "User".
    kelvin::gui::PaletteTree* tree = window.palette()->tree();
    QTreeWidgetItem* resistor = tree->itemForType(QStringLiteral("user.NoisyResistor"));
    QVERIFY(resistor);
    QCOMPARE(resistor->parent()->text(0), QStringLiteral("User"));
    QVERIFY(tree->itemForType(QStringLiteral("user.EnergyCapacitor")));

    // Model ▸ Components… by its shortcut.
    QTest::keyClick(&window, Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
    auto* editor = window.findChild<ComponentEditorDialog*>();
    QVERIFY(editor);
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    QCOMPARE(editor->list()->count(), 2);
    QCOMPARE(editor->list()->item(1)->text(), QStringLiteral("EnergyCapacitor"));

    // The capacitor, its line 8 ("  C*der(v) = through(p);") without the ';'.
    QListWidget* list = editor->list();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(1)).center());
    QCOMPARE(list->currentRow(), 1);
    QPlainTextEdit* text = editor->textEdit();
    QVERIFY(text->toPlainText().startsWith(QStringLiteral("component EnergyCapacitor")));
    QTest::mouseClick(text->viewport(), Qt::LeftButton, {}, QPoint(5, 5));
    QTest::keyClick(text, Qt::Key_Home, Qt::ControlModifier);
    for (int i = 0; i < 7; ++i) QTest::keyClick(text, Qt::Key_Down);
    QTest::keyClick(text, Qt::Key_End);
    QTest::keyClick(text, Qt::Key_Backspace);
    // The check runs a quarter of a second after the last key; 5 s is QTRY's patience, not a timing.
    QTRY_VERIFY2(editor->status()->text().contains(
                     QStringLiteral("component EnergyCapacitor, line 8:24: expected ';' before 'through'")),
                 qPrintable(editor->status()->text()));
    QTest::keyClick(text, Qt::Key_Semicolon);
    QTRY_COMPARE(editor->status()->text(), QStringLiteral("✓ Compiles: use it as user.EnergyCapacitor"));

    // A new component, typed over the template, then one equation too few is named.
    auto* add = editor->findChild<QPushButton*>(QStringLiteral("newComponent"));
    QTest::mouseClick(add, Qt::LeftButton);
    QCOMPARE(list->count(), 3);
    QCOMPARE(list->currentItem()->text(), QStringLiteral("NewComponent"));
    QTest::keyClick(text, Qt::Key_A, Qt::ControlModifier);
    for (const char* line : {"component Triple \"y = 3u\"", "  input u;", "  output y;", "  variable w;", "equation",
                             "  y = 3*u;", "end"}) {
      QTest::keyClicks(text, QString::fromLatin1(line));
      QTest::keyClick(text, Qt::Key_Return);
    }
    QTRY_VERIFY2(editor->status()->text().contains(QStringLiteral(
                     "component Triple is not balanced: 1 equation for 2 unknowns; not determined by any equation: w")),
                 qPrintable(editor->status()->text()));
    QCOMPARE(list->currentItem()->text(), QStringLiteral("Triple"));
    // Delete the variable line: up to line 4, select it, remove it.
    for (int i = 0; i < 4; ++i) QTest::keyClick(text, Qt::Key_Up);
    QTest::keyClick(text, Qt::Key_Home);
    QTest::keyClick(text, Qt::Key_Down, Qt::ShiftModifier);
    QTest::keyClick(text, Qt::Key_Delete);
    QTRY_COMPARE(editor->status()->text(), QStringLiteral("✓ Compiles: use it as user.Triple"));

    // OK stores the three texts as one undoable edit; the palette and the engine see Triple.
    auto* buttons = editor->findChild<QDialogButtonBox*>();
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(!editor->isVisible());
    QCOMPARE(window.model().components.size(), std::size_t(3));
    QVERIFY(window.isWindowModified());
    QVERIFY(tree->itemForType(QStringLiteral("user.Triple")));
    QCOMPARE(window.document()->undoStack()->undoText(), QStringLiteral("Edit components"));
    QVERIFY(window.document()->registry().find("user.Triple"));

    // Dropped from the palette, Triple is a block with its declared ports, drawn on the canvas.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    kelvin::test::dropFromPalette(window, QStringLiteral("user.Triple"), QPointF(400, 300));
    QCOMPARE(window.model().blocks.back().type, std::string("user.Triple"));
    const std::string id = window.model().blocks.back().id;
    QVERIFY(window.editor()->scene()->portItem(id + ".u"));
    QVERIFY(window.editor()->scene()->portItem(id + ".y"));
    window.editor()->view()->setFocus();
    QTest::keyClick(window.editor()->view(), Qt::Key_Z, Qt::ControlModifier);  // the drop
    QCOMPARE(window.model().blocks.size(), std::size_t(6));

    // Ctrl+Z on the canvas takes the edit back.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.editor()->view()->setFocus();
    QTest::keyClick(window.editor()->view(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window.model().components.size(), std::size_t(2));
    QVERIFY(!tree->itemForType(QStringLiteral("user.Triple")));
    QVERIFY(tree->itemForType(QStringLiteral("user.EnergyCapacitor")));
    QVERIFY(!window.isWindowModified());
  }

 private:
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestComponentEditor)
#include "tst_component_editor.moc"
