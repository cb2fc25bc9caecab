/**
 * The elements' words in German: every key of `en`, so a German page never falls back to English. Register it
 * once for all elements: `registerLocale('de', de)`; then every element whose `lang` (or page's `lang`) is `de`
 * or `de-…` speaks German.
 */
import type { Strings } from './en.js';

export const de: Strings = {
  // ——— Common ———
  loading: 'Wird geladen …',
  placeholder: '{type} wird geladen …',
  missing: 'Dieser Teil der Ansicht ist nicht angekommen.',
  crashed: 'Dieser Teil der Ansicht kann nicht angezeigt werden.',
  unknownComponent: 'Für diesen Teil der Ansicht wird eine neuere Version der App benötigt.',
  connectionLost: 'Die Verbindung wurde unterbrochen, bevor die Ansicht vollständig war.',
  retry: 'Erneut versuchen',
  cancel: 'Abbrechen',
  retryIn: 'Erneut versuchen ist in {seconds} s möglich.',
  required: 'Bitte füllen Sie dieses Feld aus.',
  chooseOption: 'Bitte wählen Sie eine Option.',
  turnOn: 'Schalten Sie dies ein, um fortzufahren.',
  invalidEmail: 'Geben Sie eine E-Mail-Adresse ein, zum Beispiel name@example.com.',
  invalidNumber: 'Geben Sie eine Zahl ein.',
  invalidPhone: 'Geben Sie eine Telefonnummer ein.',
  invalidUrl: 'Geben Sie eine Webadresse ein, die mit http:// oder https:// beginnt.',
  tooShort: 'Geben Sie mindestens {min} Zeichen ein.',
  tooLong: 'Geben Sie höchstens {max} Zeichen ein.',
  dateTooEarly: 'Wählen Sie den {min} oder später.',
  dateTooLate: 'Wählen Sie den {max} oder früher.',
  fieldErrors: 'Prüfen Sie die markierten Felder.',
  confirmTitle: 'Bitte bestätigen',
  confirm: 'Bestätigen',
  actionBlocked: 'Diese Aktion ist hier nicht möglich.',
  actionFailed: 'Etwas ist schiefgelaufen. Es wurde nichts geändert.',
  actionRunning: 'Wird ausgeführt …',
  actionDone: 'Erledigt.',
  chartData: 'Daten zu {title}',
  chartCategory: 'Kategorie',
  chartValue: 'Wert',
  chartLegend: 'Legende',
  tableScroll: 'Tabelle, seitlich scrollbar',
  on: 'Ein',
  off: 'Aus',
  selectPlaceholder: 'Auswählen …',
  imageMissing: 'Bild nicht verfügbar: {alt}',

  // ——— <omni-screen> ———
  newerVersion: 'Diese Ansicht wurde für eine neuere Version der App erstellt, daher wird eventuell nicht alles angezeigt. Aktualisieren Sie die App, um alles zu sehen.',
  streaming: 'Die Ansicht wird erstellt …',
  streamEnded: 'Die Ansicht ist fertig.',
  rating: 'Bewertet mit {value} von {max}',
  messageFromUser: 'Sie schrieben',
  messageFromAssistant: 'Der Assistent schrieb',
  actionPending: 'Verfügbar, sobald die Ansicht geladen ist.',
  tableScrollNamed: 'Tabelle mit {columns}, seitlich scrollbar',
  generateFailed: 'Die Ansicht konnte nicht erstellt werden.',
  generateBusy: 'Der Dienst ist gerade ausgelastet. Warten Sie einen Moment und versuchen Sie es dann erneut.',
  generateStopped: 'Angehalten, bevor die Ansicht vollständig war.',
  toneInfo: 'Hinweis:',
  toneSuccess: 'Erfolg:',
  toneWarning: 'Warnung:',
  toneDanger: 'Wichtig:',
};
