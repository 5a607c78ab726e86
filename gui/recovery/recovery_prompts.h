#pragma once
// The questions the window asks about recovery copies and outside changes to
// its file: restore a copy left by a crash, what to do when the file changed
// or vanished on disk, and whether Save may write over such a change. Each is
// a modal QMessageBox with a stable object name ("recoveryOffer",
// "changedOnDisk", "overwriteCheck") and named buttons, so tests can find them.

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace kelvin::gui {

struct RecoveryCopy;

class RecoveryPrompts {
  Q_DECLARE_TR_FUNCTIONS(RecoveryPrompts)

 public:
  enum class Recovery { Restore, Discard };
  enum class DiskChange { Reload, KeepMine, SaveAs };
  enum class Overwrite { Overwrite, SaveAs, Cancel };

  /// "Kelvin did not close normally": names the model's file and the copy's time; buttons Restore / Discard.
  static Recovery askRestore(QWidget* parent, const RecoveryCopy& copy);
  /// The open file `name` changed (or was `deleted`) on disk: Reload (not when deleted) / Keep Mine / Save As.
  static DiskChange askAboutDiskChange(QWidget* parent, const QString& name, bool deleted);
  /// Save would write over an outside change to `name` (or re-create it): Overwrite / Save As / Cancel.
  static Overwrite askBeforeOverwrite(QWidget* parent, const QString& name, bool deleted);
};

}  // namespace kelvin::gui
