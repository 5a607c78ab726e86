#include "recovery/recovery_prompts.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

#include "recovery/recovery_store.h"

namespace kelvin::gui {

namespace {

QPushButton* addButton(QMessageBox& box, const QString& text, QMessageBox::ButtonRole role, const char* name) {
  QPushButton* button = box.addButton(text, role);
  button->setObjectName(QString::fromLatin1(name));
  return button;
}

}  // namespace

RecoveryPrompts::Recovery RecoveryPrompts::askRestore(QWidget* parent, const RecoveryCopy& copy) {
  const QString model =
      copy.originalPath.isEmpty() ? tr("an untitled model") : QDir::toNativeSeparators(copy.originalPath);
  QMessageBox box(QMessageBox::Question, tr("Recover Unsaved Changes — Kelvin"),
                  tr("Kelvin did not close normally. Unsaved changes to %1 were kept.").arg(model),
                  QMessageBox::NoButton, parent);
  box.setObjectName(QStringLiteral("recoveryOffer"));
  box.setInformativeText(tr("The recovery copy was saved on %1.\nRestore it, or discard it for good?")
                             .arg(copy.savedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
  QPushButton* restore = addButton(box, tr("&Restore"), QMessageBox::AcceptRole, "restore");
  addButton(box, tr("&Discard"), QMessageBox::DestructiveRole, "discard");
  box.setDefaultButton(restore);
  box.exec();
  return box.clickedButton() == restore ? Recovery::Restore : Recovery::Discard;
}

RecoveryPrompts::DiskChange RecoveryPrompts::askAboutDiskChange(QWidget* parent, const QString& name, bool deleted) {
  QMessageBox box(QMessageBox::Warning, tr("File Changed on Disk — Kelvin"),
                  deleted ? tr("%1 was deleted or moved by another program.").arg(name)
                          : tr("%1 was changed on disk by another program.").arg(name),
                  QMessageBox::NoButton, parent);
  box.setObjectName(QStringLiteral("changedOnDisk"));
  box.setInformativeText(deleted ? tr("Keep your version (saving creates the file again), or save it under another "
                                      "name?")
                                 : tr("Reload the file (your unsaved changes are lost), keep your version (saving "
                                      "writes over the other program's changes), or save your version under another "
                                      "name?"));
  QPushButton* reload = deleted ? nullptr : addButton(box, tr("&Reload"), QMessageBox::AcceptRole, "reload");
  QPushButton* keep = addButton(box, tr("&Keep Mine"), QMessageBox::RejectRole, "keepMine");
  QPushButton* saveAs = addButton(box, tr("Save &As…"), QMessageBox::ActionRole, "saveAs");
  box.setDefaultButton(keep);
  box.setEscapeButton(keep);
  box.exec();
  if (reload && box.clickedButton() == reload) return DiskChange::Reload;
  return box.clickedButton() == saveAs ? DiskChange::SaveAs : DiskChange::KeepMine;
}

RecoveryPrompts::Overwrite RecoveryPrompts::askBeforeOverwrite(QWidget* parent, const QString& name, bool deleted) {
  QMessageBox box(QMessageBox::Warning, tr("Save — Kelvin"),
                  deleted ? tr("%1 was deleted or moved by another program since it was opened.").arg(name)
                          : tr("%1 was changed by another program since it was opened or saved.").arg(name),
                  QMessageBox::NoButton, parent);
  box.setObjectName(QStringLiteral("overwriteCheck"));
  box.setInformativeText(deleted ? tr("Create it again with your version?")
                                 : tr("Write over the other program's changes with your version?"));
  QPushButton* overwrite =
      addButton(box, deleted ? tr("&Create Again") : tr("&Overwrite"), QMessageBox::DestructiveRole, "overwrite");
  QPushButton* saveAs = addButton(box, tr("Save &As…"), QMessageBox::ActionRole, "saveAs");
  QPushButton* cancel = addButton(box, tr("Cancel"), QMessageBox::RejectRole, "cancel");
  box.setDefaultButton(cancel);
  box.setEscapeButton(cancel);
  box.exec();
  if (box.clickedButton() == overwrite) return Overwrite::Overwrite;
  return box.clickedButton() == saveAs ? Overwrite::SaveAs : Overwrite::Cancel;
}

}  // namespace kelvin::gui
