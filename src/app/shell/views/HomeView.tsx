import { useSession } from '../../session/useSession';

export function HomeView() {
  const { user } = useSession();
  return (
    <section className="home" aria-labelledby="home-title">
      <nav aria-label="Brødkrumme" className="breadcrumb">
        Hjem
      </nav>
      <h1 id="home-title">Velkommen, {user?.username}</h1>
      <p>
        Du arbejder i <strong>{user?.customerName}</strong> (kommunenr. {user?.municipalityNumber}).
      </p>
    </section>
  );
}
