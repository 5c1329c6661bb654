import type { Language } from '@reelmint/shared/languages';

/**
 * The words of the mail sent once an account is deleted, per language; greeting, signature and
 * footer come from messages.ts. `kept` is said only when payment records had to be kept.
 */
export interface GoodbyeMailStrings {
  subject: string;
  intro: string;
  kept: string;
  action: string;
  welcome: string;
}

export const GOODBYE_MAIL_STRINGS: Record<Language, GoodbyeMailStrings> = {
  en: {
    subject: 'Your Reelmint account has been deleted',
    intro:
      'As you asked, your Reelmint account has been deleted: your videos, pictures, shared links, credits and settings are gone, any subscription has been cancelled and you have been signed out everywhere.',
    kept: 'The law obliges us to keep the records of your payments (amounts, dates and what was bought) for our accounts. They no longer carry your name or your email address.',
    action: 'Visit Reelmint',
    welcome: 'You are welcome to create a new account with this address at any time.',
  },
  fr: {
    subject: 'Votre compte Reelmint a été supprimé',
    intro:
      'Comme vous l’avez demandé, votre compte Reelmint a été supprimé : vos vidéos, images, liens partagés, crédits et réglages ont disparu, tout abonnement a été résilié et vous avez été déconnecté partout.',
    kept: 'La loi nous oblige à conserver la trace de vos paiements (montants, dates et achats) pour notre comptabilité. Elle ne porte plus ni votre nom ni votre adresse e-mail.',
    action: 'Aller sur Reelmint',
    welcome: 'Vous pouvez créer un nouveau compte avec cette adresse quand vous le souhaitez.',
  },
  de: {
    subject: 'Ihr Reelmint-Konto wurde gelöscht',
    intro:
      'Wie gewünscht wurde Ihr Reelmint-Konto gelöscht: Ihre Videos, Bilder, geteilten Links, Credits und Einstellungen sind entfernt, ein Abonnement wurde gekündigt und Sie wurden überall abgemeldet.',
    kept: 'Das Gesetz verpflichtet uns, die Belege Ihrer Zahlungen (Beträge, Daten und Gekauftes) für unsere Buchhaltung aufzubewahren. Sie enthalten weder Ihren Namen noch Ihre E-Mail-Adresse.',
    action: 'Zu Reelmint',
    welcome: 'Sie können jederzeit mit dieser Adresse ein neues Konto anlegen.',
  },
  it: {
    subject: 'Il tuo account Reelmint è stato eliminato',
    intro:
      'Come hai chiesto, il tuo account Reelmint è stato eliminato: video, immagini, link condivisi, crediti e impostazioni non ci sono più, l’eventuale abbonamento è stato annullato e sei stato disconnesso ovunque.',
    kept: 'La legge ci obbliga a conservare le registrazioni dei tuoi pagamenti (importi, date e acquisti) per la nostra contabilità. Non contengono più il tuo nome né il tuo indirizzo email.',
    action: 'Vai su Reelmint',
    welcome: 'Puoi creare un nuovo account con questo indirizzo in qualsiasi momento.',
  },
  es: {
    subject: 'Tu cuenta de Reelmint se ha eliminado',
    intro:
      'Como pediste, tu cuenta de Reelmint se ha eliminado: tus vídeos, imágenes, enlaces compartidos, créditos y ajustes ya no existen, cualquier suscripción se ha cancelado y se ha cerrado tu sesión en todas partes.',
    kept: 'La ley nos obliga a conservar el registro de tus pagos (importes, fechas y lo que compraste) para nuestra contabilidad. Ya no lleva tu nombre ni tu dirección de correo.',
    action: 'Ir a Reelmint',
    welcome: 'Puedes crear una cuenta nueva con esta dirección cuando quieras.',
  },
  ja: {
    subject: 'Reelmint アカウントを削除しました',
    intro:
      'ご依頼どおり Reelmint アカウントを削除しました。動画、画像、共有リンク、クレジット、設定はすべて消去され、サブスクリプションは解約され、すべての端末からサインアウトしました。',
    kept: '法律により、会計のためにお支払いの記録（金額、日付、購入内容）を保管する義務があります。その記録にはお名前もメールアドレスも含まれていません。',
    action: 'Reelmint を開く',
    welcome: 'このメールアドレスでいつでも新しいアカウントを作成できます。',
  },
  pt: {
    subject: 'A sua conta Reelmint foi eliminada',
    intro:
      'Como pediu, a sua conta Reelmint foi eliminada: os seus vídeos, imagens, links partilhados, créditos e definições desapareceram, qualquer assinatura foi cancelada e a sua sessão foi terminada em todo o lado.',
    kept: 'A lei obriga-nos a guardar o registo dos seus pagamentos (valores, datas e o que foi comprado) para a nossa contabilidade. Esse registo já não tem o seu nome nem o seu endereço de email.',
    action: 'Ir para o Reelmint',
    welcome: 'Pode criar uma nova conta com este endereço quando quiser.',
  },
  ru: {
    subject: 'Ваш аккаунт Reelmint удалён',
    intro:
      'По вашей просьбе аккаунт Reelmint удалён: ваши видео, изображения, общие ссылки, кредиты и настройки стёрты, подписка отменена, и вы вышли из аккаунта на всех устройствах.',
    kept: 'Закон обязывает нас хранить записи о ваших платежах (суммы, даты и покупки) для бухгалтерского учёта. В них больше нет ни вашего имени, ни адреса электронной почты.',
    action: 'Открыть Reelmint',
    welcome: 'Вы можете в любое время создать новый аккаунт с этим адресом.',
  },
  la: {
    subject: 'Ratio tua Reelmint deleta est',
    intro:
      'Ut petivisti, ratio tua Reelmint deleta est: pelliculae, imagines, nexus communicati, credita et optiones tuae abierunt, omnis subscriptio abrogata est et ubique exiisti.',
    kept: 'Lex nos cogit tabulas solutionum tuarum (summas, dies et quae empta sunt) ad rationes nostras servare. Eae neque nomen neque inscriptionem electronicam tuam iam continent.',
    action: 'Ad Reelmint redi',
    welcome: 'Novam rationem hac inscriptione quandocumque vis creare potes.',
  },
  'zh-CN': {
    subject: '您的 Reelmint 账户已删除',
    intro: '按照您的要求，您的 Reelmint 账户已删除：您的视频、图片、分享链接、积分和设置都已清除，所有订阅已取消，您已在所有设备上退出登录。',
    kept: '依照法律，我们须为会计目的保留您的付款记录（金额、日期和所购内容）。这些记录已不再包含您的姓名或电子邮件地址。',
    action: '访问 Reelmint',
    welcome: '您随时可以用这个地址重新创建账户。',
  },
  'zh-TW': {
    subject: '您的 Reelmint 帳戶已刪除',
    intro: '依照您的要求，您的 Reelmint 帳戶已刪除：您的影片、圖片、分享連結、點數與設定都已清除，所有訂閱已取消，您也已在所有裝置上登出。',
    kept: '依法我們必須為會計目的保留您的付款紀錄（金額、日期與購買內容）。這些紀錄已不再包含您的姓名或電子郵件地址。',
    action: '前往 Reelmint',
    welcome: '您隨時可以用這個地址重新建立帳戶。',
  },
  ko: {
    subject: 'Reelmint 계정이 삭제되었습니다',
    intro:
      '요청하신 대로 Reelmint 계정을 삭제했습니다. 동영상, 사진, 공유 링크, 크레딧과 설정이 모두 지워졌고, 구독은 해지되었으며 모든 기기에서 로그아웃되었습니다.',
    kept: '법에 따라 회계를 위해 결제 기록(금액, 날짜, 구매 내역)을 보관해야 합니다. 이 기록에는 더 이상 이름이나 이메일 주소가 남아 있지 않습니다.',
    action: 'Reelmint 방문하기',
    welcome: '언제든지 이 주소로 새 계정을 만들 수 있습니다.',
  },
  hi: {
    subject: 'आपका Reelmint खाता हटा दिया गया है',
    intro:
      'आपके अनुरोध पर आपका Reelmint खाता हटा दिया गया है: आपके वीडियो, तस्वीरें, साझा लिंक, क्रेडिट और सेटिंग्स मिटा दी गई हैं, कोई भी सदस्यता रद्द कर दी गई है और आप हर जगह से साइन आउट हो गए हैं।',
    kept: 'कानून के अनुसार हमें अपने हिसाब-किताब के लिए आपके भुगतानों का रिकॉर्ड (राशि, तारीख और क्या खरीदा गया) रखना होता है। उसमें अब आपका नाम या ईमेल पता नहीं है।',
    action: 'Reelmint पर जाएँ',
    welcome: 'आप इस पते से कभी भी नया खाता बना सकते हैं।',
  },
};
